import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import Sun from 'lucide-react/icons/sun';

// lucide-react's icon modules are built on ./lucide-icon.ts (vite.config.ts lucideIcons). The icon's own module: the
// package's index resolves to its CommonJS build here, which the plugin does not see.
describe("lucide's icons on the app's createLucideIcon", () => {
  it('draw the icon as lucide does, as decoration when nothing names it', () => {
    const { container } = render(<Sun size={20} />);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('width')).toBe('20');
    expect(svg.getAttribute('height')).toBe('20');
    expect(svg.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(svg.getAttribute('fill')).toBe('none');
    expect(svg.getAttribute('stroke')).toBe('currentColor');
    expect(svg.getAttribute('stroke-width')).toBe('2');
    expect(svg.getAttribute('stroke-linecap')).toBe('round');
    expect(svg.getAttribute('stroke-linejoin')).toBe('round');
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect([...svg.children].map((child) => child.tagName)).toEqual(['circle', ...Array<string>(8).fill('path')]);
    expect(svg.querySelector('circle')?.getAttribute('r')).toBe('4');
    // lucide's classes, which no style reads, are not written
    expect(svg.hasAttribute('class')).toBe(false);
  });

  it('take a name, a class, a colour, a stroke width and any SVG attribute; a named icon is not hidden', () => {
    const { container } = render(<Sun aria-label="Bright" className="mark" color="red" strokeWidth={1.5} data-x="1" />);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('aria-label')).toBe('Bright');
    expect(svg.hasAttribute('aria-hidden')).toBe(false);
    expect(svg.getAttribute('class')).toBe('mark');
    expect(svg.getAttribute('stroke')).toBe('red');
    expect(svg.getAttribute('stroke-width')).toBe('1.5');
    expect(svg.getAttribute('data-x')).toBe('1');
    expect(svg.getAttribute('width')).toBe('24');
  });

  it('an explicit aria-hidden wins, and children (a title) follow the drawing', () => {
    const { container } = render(
      <Sun aria-hidden="false">
        <title>Sun</title>
      </Sun>,
    );
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('aria-hidden')).toBe('false');
    expect(svg.lastElementChild?.tagName).toBe('title');
  });
});
