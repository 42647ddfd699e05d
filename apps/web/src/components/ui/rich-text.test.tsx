// @vitest-environment happy-dom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { rich } from './rich-text.js';

const html = (node: ReturnType<typeof rich>) => render(<>{node}</>).container.innerHTML;

describe('rich', () => {
  it('shows <strong>, <b> and <em> of a catalogue text as elements', () => {
    expect(html(rich('Precio: <strong>$30</strong>, <b>hoy</b> y <em>mañana</em>.'))).toBe(
      'Precio: <strong>$30</strong>, <strong>hoy</strong> y <em>mañana</em>.',
    );
  });

  it('lets the page decide what a tag becomes, a default tag included', () => {
    const node = rich('Lea las <faq>preguntas</faq> o llame al <strong>6000-0000</strong>', {
      faq: (c) => <a href="/preguntas-frecuentes">{c}</a>,
      strong: (c) => <strong className="payments-number">{c}</strong>,
    });
    expect(html(node)).toBe(
      'Lea las <a href="/preguntas-frecuentes">preguntas</a> o llame al <strong class="payments-number">6000-0000</strong>',
    );
  });

  it('never injects HTML: an unknown tag shows its text, anything else is escaped text', () => {
    expect(html(rich('<x>solo texto</x> <img src=x onerror=alert(1)>'))).toBe(
      'solo texto &lt;img src=x onerror=alert(1)&gt;',
    );
  });
});
