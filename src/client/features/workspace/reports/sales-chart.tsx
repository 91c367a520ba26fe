import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

const HEIGHT = 220;

/** A colour of the theme in use (light or dark), read from its custom property. */
const themeColor = (element: Element, name: string) => getComputedStyle(element).getPropertyValue(name).trim() || 'currentColor';

/**
 * Net sales per day, week or month as bars (uPlot, in the reports page's chunk only). The x axis is
 * the buckets' own labels, already on the firm's calendar: uPlot's time axis would print them in
 * the browser's zone. Time reads left to right in every language, as on a calendar. The table
 * beside it carries the same figures for screen readers, so the canvas is hidden from them.
 */
export function SalesChart({ labels, values, format }: { labels: string[]; values: number[]; format: (minor: number) => string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const primary = themeColor(element, '--color-primary');
    const muted = themeColor(element, '--color-text-muted');
    const grid = themeColor(element, '--color-border');
    const axis = { stroke: muted, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const chart = new uPlot(
      {
        width: element.clientWidth,
        height: HEIGHT,
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: false, range: [-0.5, labels.length - 0.5] } },
        axes: [
          { ...axis, splits: () => labels.map((_, index) => index), values: (_, splits) => splits.map((index) => labels[index] ?? '') },
          { ...axis, size: 72, values: (_, splits) => splits.map((minor) => format(minor)) },
        ],
        series: [{}, { stroke: primary, fill: primary, paths: uPlot.paths.bars!({ size: [0.7, 48] }), points: { show: false } }],
      },
      [labels.map((_, index) => index), values],
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [labels, values, format]);
  return <div ref={box} dir="ltr" aria-hidden="true" data-testid="sales-chart" />;
}
