import { createElement, type SVGProps } from 'react';

/** What each of lucide-react's icon modules (`lucide-react/dist/esm/icons/*.mjs`) passes to createLucideIcon. */
interface IconData {
  node: [tag: string, attributes: Record<string, string>][];
}

interface IconProps extends SVGProps<SVGSVGElement> {
  size?: number | string;
}

/** Props that name the icon for assistive technology: without one it is decoration (`aria-hidden`), as in lucide. */
const LABEL_PROP = /^(aria-|role$|title$)/;

/**
 * lucide-react's createLucideIcon as the app uses its icons (vite.config.ts `lucideIcons` puts it under every icon
 * module, the server's build too): the same SVG from the icon's node list with `size`, `color`, `strokeWidth`,
 * `className` and any SVG attribute. lucide's own (its Icon component, provider context, class and attribute
 * builders, name helpers) was ~1 KB gzip of the entry; its options the app never uses
 * (`absoluteStrokeWidth`, `nonScalingStroke`, LucideProvider) and its `lucide lucide-{name}` classes, which no style
 * reads, are left out. The node list's keys are the nodes' places (the plugin drops lucide's key strings).
 * Nothing imports this module by name (the plugin resolves lucide's import to it): an entry of knip's in package.json.
 */
export default function createLucideIcon({ node }: IconData) {
  return function LucideIcon({ size = 24, color = 'currentColor', strokeWidth = 2, children, ...rest }: IconProps) {
    const labelled = Boolean(children) || Object.entries(rest).some(([prop, value]) => LABEL_PROP.test(prop) && value != null);
    return createElement(
      'svg',
      {
        width: size,
        height: size,
        viewBox: '0 0 24 24',
        fill: 'none',
        stroke: color,
        strokeWidth,
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
        ...(labelled ? {} : { 'aria-hidden': 'true' }),
        ...rest,
      },
      node.map(([tag, attributes], place) => createElement(tag, { ...attributes, key: place })),
      children,
    );
  };
}
