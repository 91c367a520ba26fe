// @vitest-environment node
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand';
import { perRenderStore } from './per-render-store';

const store = createStore<{ label: string; count: number }>()(() => ({ label: 'default', count: 1 }));
const rendered = perRenderStore(store);

function Label() {
  const label = rendered.useStore((state) => state.label);
  const count = rendered.useStore((state) => state.count);
  return createElement('p', null, `${label} ${count}`);
}

const render = () => renderToString(createElement(Label));

describe('perRenderStore', () => {
  it('renders with the state given for that render, the rest from the store', () => {
    expect(rendered.renderWith({ label: 'member' }, render)).toBe('<p>member 1</p>');
    expect(render()).toBe('<p>default 1</p>');
  });

  it('restores the outer render state after a nested render and after a throw', () => {
    const outer = rendered.renderWith({ label: 'outer' }, () => {
      expect(() =>
        rendered.renderWith({ label: 'inner' }, () => {
          throw new Error('render failed');
        }),
      ).toThrow();
      return render();
    });
    expect(outer).toBe('<p>outer 1</p>');
    expect(render()).toBe('<p>default 1</p>');
  });

  it('is the store itself for everything but the first render', () => {
    rendered.useStore.setState({ count: 2 });
    expect(rendered.useStore.getState().count).toBe(2);
    expect(store.getState().count).toBe(2);
  });
});
