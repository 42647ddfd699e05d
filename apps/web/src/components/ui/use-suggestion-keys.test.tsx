// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { useSuggestionKeys } from './use-suggestion-keys.js';

afterEach(cleanup);

function Picker({ results, onPick, onSubmit }: { results: string[]; onPick: (s: string) => void; onSubmit: () => void }) {
  const keys = useSuggestionKeys({ results, onPick });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <input aria-label="Buscar" aria-controls="sugerencias" onKeyDown={keys.onInputKeyDown} />
      <ul id="sugerencias" onKeyDown={keys.onListKeyDown}>
        {results.map((r) => (
          <li key={r}>
            <button type="button" onClick={() => onPick(r)}>
              {r}
            </button>
          </li>
        ))}
      </ul>
    </form>
  );
}

describe('the keyboard of a search box with suggestions', () => {
  it('Enter picks the only suggestion and never submits the form around it', async () => {
    const onPick = vi.fn();
    const onSubmit = vi.fn();
    const { rerender } = render(<Picker results={['J06.9']} onPick={onPick} onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Buscar'), 'j06{Enter}');
    expect(onPick).toHaveBeenCalledWith('J06.9');
    rerender(<Picker results={['J06.9', 'J00']} onPick={onPick} onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Buscar'), '{Enter}');
    expect(onPick).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('arrows move from the box through the suggestions and back; Escape returns to the box', async () => {
    const onPick = vi.fn();
    render(<Picker results={['María', 'Mariano', 'Marta']} onPick={onPick} onSubmit={() => undefined} />);
    const box = screen.getByLabelText('Buscar');
    await userEvent.click(box);
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('María');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Marta');
    await userEvent.keyboard('{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('Mariano');
    await userEvent.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledWith('Mariano');
    await userEvent.keyboard('{Escape}');
    expect(document.activeElement).toBe(box);
    await userEvent.keyboard('{ArrowDown}{ArrowUp}');
    expect(document.activeElement).toBe(box);
  });
});
