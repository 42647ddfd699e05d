// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@clinica/shared';
import { ApiError } from '../../lib/api-client.js';
import { renderPage } from '../../test/render.js';
import { StaffList, type StaffListQuery } from './staff-list.js';

type Row = { id: string; nombre: string };
const query = (over: Partial<StaffListQuery<Row>>): StaffListQuery<Row> => ({
  isPending: false,
  isError: false,
  isFetching: false,
  error: null,
  data: { items: [], next_cursor: null },
  ...over,
});
const pages = { cursor: undefined, page: 1, hasPrevious: false, next: vi.fn(), previous: vi.fn(), reset: vi.fn() };

function List(props: {
  list: StaffListQuery<Row>;
  emptyText?: string;
  onSearch?: (n: string) => void;
  onClear?: () => void;
}) {
  return (
    <StaffList
      caption="Pacientes"
      columns={['Nombre', 'Detalle']}
      list={props.list}
      pages={pages}
      emptyText={props.emptyText}
      search={{ onSearch: props.onSearch ?? (() => undefined), onClear: props.onClear ?? (() => undefined) }}
      rowKey={(r) => r.id}
      renderRow={(r) => (
        <>
          <th scope="row">{r.nombre}</th>
          <td>—</td>
        </>
      )}
    />
  );
}

describe('the staff list', () => {
  it('says it is loading inside the table while the first page comes', async () => {
    await renderPage(<List list={query({ isPending: true, data: undefined })} />);
    const table = screen.getByRole('table', { name: 'Pacientes' });
    expect(within(table).getByText(messages.loading)).toBeDefined();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it("shows the server's refusal as an alert, and a network failure as the catalogue's message", async () => {
    const { unmount } = await renderPage(
      <List list={query({ isError: true, error: new ApiError(messages.forbidden, 403), data: undefined })} />,
    );
    expect(screen.getByRole('alert').textContent).toBe(messages.forbidden);
    unmount();
    await renderPage(<List list={query({ isError: true, error: new TypeError('fetch failed'), data: undefined })} />);
    expect(screen.getByRole('alert').textContent).toBe(messages.requestNetworkError);
  });

  it('says when there is nothing, in its own words when the page gives them', async () => {
    const { unmount } = await renderPage(<List list={query({})} />);
    expect(screen.getByText(messages.noResults)).toBeDefined();
    unmount();
    await renderPage(<List list={query({})} emptyText={messages.outboxEmpty} />);
    expect(screen.getByText(messages.outboxEmpty)).toBeDefined();
  });

  it('draws a row per item, a plain list as well as a page, and the pager only when there is another page', async () => {
    const items = [
      { id: '1', nombre: 'María' },
      { id: '2', nombre: 'José' },
    ];
    const { unmount } = await renderPage(<List list={query({ data: items })} />);
    expect(screen.getAllByRole('rowheader').map((c) => c.textContent)).toEqual(['María', 'José']);
    expect(screen.queryByRole('navigation')).toBeNull();
    unmount();
    await renderPage(<List list={query({ data: { items, next_cursor: 'c2' } })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(pages.next).toHaveBeenCalledWith('c2');
  });

  it('hands the trimmed first name to the search and clears it', async () => {
    const onSearch = vi.fn();
    const onClear = vi.fn();
    await renderPage(<List list={query({})} onSearch={onSearch} onClear={onClear} />);
    await userEvent.type(screen.getByLabelText('Nombre del paciente'), '  maria ');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(onSearch).toHaveBeenCalledWith('maria');
    await userEvent.click(screen.getByRole('button', { name: 'Limpiar Búsqueda' }));
    expect(onClear).toHaveBeenCalled();
    expect(screen.getByLabelText<HTMLInputElement>('Nombre del paciente').value).toBe('');
  });

  it('draws cards when the items are not table rows, with the same states and pager', async () => {
    const Cards = ({ list }: { list: StaffListQuery<Row> }) => (
      <StaffList
        layout="cards"
        caption="Solicitudes"
        list={list}
        pages={pages}
        emptyText={messages.outboxEmpty}
        rowKey={(r) => r.id}
        renderRow={(r) => <article aria-label={r.nombre}>{r.nombre}</article>}
      />
    );
    let view = await renderPage(<Cards list={query({ isPending: true, data: undefined })} />);
    expect(screen.getByRole('status').textContent).toBe(messages.loading);
    expect(screen.queryByRole('table')).toBeNull();
    view.unmount();
    view = await renderPage(<Cards list={query({ isError: true, error: new ApiError(messages.forbidden, 403), data: undefined })} />);
    expect(screen.getByRole('alert').textContent).toBe(messages.forbidden);
    view.unmount();
    view = await renderPage(<Cards list={query({})} />);
    expect(screen.getByRole('status').textContent).toBe(messages.outboxEmpty);
    view.unmount();
    await renderPage(<Cards list={query({ data: { items: [{ id: '1', nombre: 'María' }, { id: '2', nombre: 'José' }], next_cursor: 'c2' } })} />);
    const cards = within(screen.getByRole('list', { name: 'Solicitudes' })).getAllByRole('listitem');
    expect(cards.map((c) => c.textContent)).toEqual(['María', 'José']);
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(pages.next).toHaveBeenCalledWith('c2');
  });
});
