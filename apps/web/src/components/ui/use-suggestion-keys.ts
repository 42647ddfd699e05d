import type { KeyboardEvent } from 'react';

/**
 * The keyboard of a search box with its suggestions below it (the documents' patient picker and
 * CIE-10 picker; issue 21, decision 0047): one piece instead of a copy in each.
 * - Enter in the box picks the only suggestion, and never submits the form around it;
 * - ArrowDown in the box goes to the first suggestion; ArrowDown and ArrowUp move between them;
 * - ArrowUp from the first suggestion, or Escape in the list, goes back to the box.
 * The suggestions stay buttons (large targets a thumb can hit; Enter or Space picks one). The box
 * names its list with `aria-controls` (the list's id), which is how each finds the other.
 */
export function useSuggestionKeys<T>({ results, onPick }: { results: readonly T[]; onPick: (item: T) => void }) {
  const buttonsOf = (list: Element | null) => [...(list?.querySelectorAll<HTMLButtonElement>('button') ?? [])];

  const onInputKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      if (results.length === 1) onPick(results[0]!);
    } else if (e.key === 'ArrowDown') {
      const listId = e.currentTarget.getAttribute('aria-controls');
      const first = buttonsOf(listId ? document.getElementById(listId) : null)[0];
      if (first) {
        e.preventDefault();
        first.focus();
      }
    }
  };

  const onListKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const all = buttonsOf(e.currentTarget);
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const box = () => document.querySelector<HTMLInputElement>(`[aria-controls="${CSS.escape(e.currentTarget.id)}"]`)?.focus();
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      all[Math.min(at + 1, all.length - 1)]!.focus();
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      if (at === 0) box();
      else all[at - 1]!.focus();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      box();
    }
  };

  return { onInputKeyDown, onListKeyDown };
}
