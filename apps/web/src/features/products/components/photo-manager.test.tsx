import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminPhoto } from '@shop/shared/schemas/photos';
import { photoMsg } from '@shop/shared/messages-photos';
import { setSession } from '../../../lib/session';
import { callsOf, mockApi, renderAdmin } from '../../../components/admin/test-render';
import { PhotoManager } from './photo-manager';

const photo = (id: number): AdminPhoto => ({
  id,
  src: `/api/images/${id}/00000000000000${String(id).padStart(2, '0')}-640.webp`,
  srcset: `/api/images/${id}/00000000000000${String(id).padStart(2, '0')}-320.webp 320w`,
  avifSrcset: null,
  width: 640,
  height: 480,
});
const file = (name: string, size = 2000, type = 'image/jpeg') => new File([new Uint8Array(size)], name, { type });
const list = () => within(screen.getByRole('list', { name: photoMsg.title }));
const shownOrder = () =>
  list()
    .getAllByRole('img')
    .map((img) => img.getAttribute('src'));

beforeEach(() => {
  setSession('t', { id: 1, name: 'Admin', email: 'admin@example.com', role: 'admin' });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }));
});
afterEach(() => vi.unstubAllGlobals());

describe('<PhotoManager>', () => {
  it('uploads the chosen files as multipart form data and shows them in order, the first marked as the main one', async () => {
    let sent: FormData | undefined;
    const fetchMock = mockApi((url, init) => {
      sent = init.body as FormData;
      return { status: 201, body: { msg: photoMsg.uploaded(2), photos: [photo(1), photo(2)] } };
    });
    renderAdmin(<PhotoManager productId="iphone-16" initial={[]} />);
    expect(screen.getByText(photoMsg.none)).toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText(photoMsg.choose, { selector: 'input' }), [file('para.jpg'), file('mbrapa.png')]);
    expect(await screen.findByText(photoMsg.uploaded(2))).toBeInTheDocument();
    const [call] = callsOf(fetchMock);
    expect(call).toMatchObject({ method: 'POST', url: '/api/admin/products/iphone-16/images', auth: 'Bearer t' });
    expect(sent).toBeInstanceOf(FormData);
    expect(sent!.getAll('photos').map((f) => (f as File).name)).toEqual(['para.jpg', 'mbrapa.png']);
    expect(shownOrder()).toEqual([photo(1).src, photo(2).src]);
    expect(list().getAllByRole('listitem')[0]).toHaveTextContent(photoMsg.first);
    expect(list().getByRole('img', { name: 'Fotoja 1 nga 2' })).toHaveAttribute('srcset', photo(1).srcset);
  });

  it('takes files dropped on the panel', async () => {
    const fetchMock = mockApi(() => ({ status: 201, body: { msg: photoMsg.uploaded(1), photos: [photo(3)] } }));
    renderAdmin(<PhotoManager productId="p" initial={[]} />);
    fireEvent.drop(screen.getByTestId('photo-drop'), { dataTransfer: { files: [file('a.webp')], types: ['Files'] } });
    expect(await screen.findByText(photoMsg.uploaded(1))).toBeInTheDocument();
    expect(callsOf(fetchMock)).toHaveLength(1);
  });

  it("shows the server's refusal with the file's name, and stops plainly too large or too many files before sending", async () => {
    const fetchMock = mockApi(() => ({ status: 400, body: { msg: photoMsg.notImage, file: 'tekst.png' } }));
    renderAdmin(<PhotoManager productId="p" initial={[photo(1)]} />);
    const input = screen.getByLabelText(photoMsg.choose, { selector: 'input' });
    await userEvent.upload(input, [file('tekst.png', 100, 'image/png')]);
    expect(await screen.findByRole('alert')).toHaveTextContent(`tekst.png: ${photoMsg.notImage}`);
    expect(shownOrder()).toEqual([photo(1).src]);

    await userEvent.upload(input, [file('e-madhe.jpg', 10 * 1024 * 1024 + 1)]);
    expect(screen.getByRole('alert')).toHaveTextContent(`e-madhe.jpg: ${photoMsg.tooLarge}`);
    await userEvent.upload(
      input,
      Array.from({ length: 8 }, (_, i) => file(`${i}.jpg`)),
    );
    expect(screen.getByRole('alert')).toHaveTextContent(photoMsg.tooMany);
    expect(callsOf(fetchMock)).toHaveLength(1);
  });

  it('reorders with the arrow buttons, keeping the focus on the moved photo, and sends the new order', async () => {
    const fetchMock = mockApi((_url, init) => {
      const order = (init.json as { order: number[] }).order;
      return { body: { msg: photoMsg.reordered, photos: order.map(photo) } };
    });
    renderAdmin(<PhotoManager productId="p" initial={[photo(1), photo(2), photo(3)]} />);
    expect(screen.getByRole('button', { name: `${photoMsg.moveUp}: Fotoja 1 nga 3` })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: `${photoMsg.moveDown}: Fotoja 1 nga 3` }));
    await waitFor(() => expect(shownOrder()).toEqual([photo(2).src, photo(1).src, photo(3).src]));
    expect(await screen.findByText(photoMsg.reordered)).toBeInTheDocument();
    expect(callsOf(fetchMock)[0]).toMatchObject({ method: 'PUT', url: '/api/admin/products/p/images', body: { order: [2, 1, 3] } });
    await waitFor(() => expect(screen.getByRole('button', { name: `${photoMsg.moveDown}: Fotoja 2 nga 3` })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(shownOrder()).toEqual([photo(2).src, photo(3).src, photo(1).src]));
    expect(callsOf(fetchMock)[1]!.body).toEqual({ order: [2, 3, 1] });
  });

  it('puts the order back when the server refuses it', async () => {
    mockApi(() => ({ status: 400, body: { msg: photoMsg.order } }));
    renderAdmin(<PhotoManager productId="p" initial={[photo(1), photo(2)]} />);
    await userEvent.click(screen.getByRole('button', { name: `${photoMsg.moveUp}: Fotoja 2 nga 2` }));
    expect(await screen.findByRole('alert')).toHaveTextContent(photoMsg.order);
    expect(shownOrder()).toEqual([photo(1).src, photo(2).src]);
  });

  it('removes a photo after asking', async () => {
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    const fetchMock = mockApi(() => ({ body: { msg: photoMsg.removed, photos: [photo(2)] } }));
    renderAdmin(<PhotoManager productId="p" initial={[photo(1), photo(2)]} />);
    await userEvent.click(screen.getByRole('button', { name: `${photoMsg.remove}: Fotoja 1 nga 2` }));
    expect(confirm).toHaveBeenCalledWith(photoMsg.confirmRemove);
    expect(await screen.findByText(photoMsg.removed)).toBeInTheDocument();
    expect(callsOf(fetchMock)[0]).toMatchObject({ method: 'DELETE', url: '/api/admin/images/1' });
    expect(shownOrder()).toEqual([photo(2).src]);
  });
});
