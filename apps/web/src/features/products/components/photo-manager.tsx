import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { photoAccept, photoLimits } from '@shop/shared/domain/photos';
import { photoMsg } from '@shop/shared/messages-photos';
import type { AdminPhoto } from '@shop/shared/schemas/photos';
import { ApiError } from '../../../lib/api-client';
import { usePhotoChanges } from '../api/admin-products';
import { errorText } from '../../../components/admin/error-text';

type Note = { kind: 'error' | 'success'; text: string } | null;

/** A file shown while it uploads: its name and a preview made in the browser. */
interface Pending {
  key: string;
  name: string;
  url: string;
}

/** The server's message, with the file it concerns when it names one ('foto.png: ...'). */
function uploadError(err: unknown): string {
  const text = errorText(err);
  const body = err instanceof ApiError ? (err.body as { file?: unknown } | undefined) : undefined;
  return typeof body?.file === 'string' && body.file ? `${body.file}: ${text}` : text;
}

/** MIME type of a drag: files from the computer, or one of our photos being moved. */
const PHOTO_DRAG = 'application/x-shop-photo';

/**
 * The photos of a product in the admin form (issue 17): drop files on the panel or choose them,
 * see them while they upload, then order them (arrow buttons, or dragging) and remove them. The
 * first photo is the product's picture on cards. The server checks every file by its content;
 * this panel only stops what is plainly too much (size, count) before sending.
 */
export function PhotoManager({
  productId,
  initial,
  onChange,
}: {
  productId: string;
  initial: AdminPhoto[];
  /** Told the photos after every change (the 'Variantet' section chooses a colour's photos from them). */
  onChange?: (photos: AdminPhoto[]) => void;
}) {
  const [photos, setPhotos] = useState<AdminPhoto[]>(initial);
  const [pending, setPending] = useState<Pending[]>([]);
  const [note, setNote] = useState<Note>(null);
  const [dragging, setDragging] = useState(false);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const { upload, reorder, remove } = usePhotoChanges();
  const busy = upload.isPending || reorder.isPending || remove.isPending;
  const id = useId();

  useEffect(() => {
    onChange?.(photos);
  }, [photos, onChange]);

  // After a move the same button of the moved photo keeps the focus (or the other one at an end).
  // The arrows stay enabled while a change is saved (a click then does nothing), so focus is not lost.
  useEffect(() => {
    if (!focusKey) return;
    const el = buttons.current.get(focusKey);
    if (el && !el.disabled) el.focus();
    else buttons.current.get(focusKey.replace(/-(up|down)$/, (_, d: string) => (d === 'up' ? '-down' : '-up')))?.focus();
    setFocusKey(null);
  }, [focusKey, photos]);

  const send = async (files: File[]) => {
    setNote(null);
    if (files.length === 0) return;
    if (photos.length + files.length > photoLimits.maxPerProduct) return setNote({ kind: 'error', text: photoMsg.tooMany });
    const big = files.find((f) => f.size > photoLimits.maxBytes);
    if (big) return setNote({ kind: 'error', text: `${big.name}: ${photoMsg.tooLarge}` });
    const shown = files.map((f, i) => ({ key: `${Date.now()}-${i}`, name: f.name, url: URL.createObjectURL(f) }));
    setPending(shown);
    try {
      const answer = await upload.mutateAsync({ id: productId, files });
      setPhotos(answer.photos);
      setNote({ kind: 'success', text: answer.msg });
    } catch (err) {
      setNote({ kind: 'error', text: uploadError(err) });
    } finally {
      shown.forEach((p) => URL.revokeObjectURL(p.url));
      setPending([]);
      if (input.current) input.current.value = '';
    }
  };

  const saveOrder = async (next: AdminPhoto[]) => {
    const before = photos;
    setPhotos(next);
    setNote(null);
    try {
      const answer = await reorder.mutateAsync({ id: productId, order: next.map((p) => p.id) });
      setPhotos(answer.photos);
      setNote({ kind: 'success', text: answer.msg });
    } catch (err) {
      setPhotos(before);
      setNote({ kind: 'error', text: errorText(err) });
    }
  };

  const move = (from: number, to: number, focus?: string) => {
    if (busy || to < 0 || to >= photos.length || from === to) return;
    const next = [...photos];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    if (focus) setFocusKey(focus);
    void saveOrder(next);
  };

  const drop = async (photo: AdminPhoto) => {
    if (busy || !window.confirm(photoMsg.confirmRemove)) return;
    setNote(null);
    try {
      const answer = await remove.mutateAsync(photo.id);
      setPhotos(answer.photos);
      setNote({ kind: 'success', text: answer.msg });
    } catch (err) {
      setNote({ kind: 'error', text: errorText(err) });
    }
  };

  const onDropFiles = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (e.dataTransfer.types.includes(PHOTO_DRAG)) return;
    if (!busy) void send([...e.dataTransfer.files]);
  };
  const isFileDrag = (e: DragEvent) => e.dataTransfer.types.includes('Files');

  const label = (i: number) => photoMsg.photoLabel(i + 1, photos.length);
  const ref = (key: string) => (el: HTMLButtonElement | null) => {
    if (el) buttons.current.set(key, el);
    else buttons.current.delete(key);
  };

  return (
    <section className="photo-manager" aria-labelledby={`${id}-title`} aria-busy={busy || undefined}>
      <h3 id={`${id}-title`}>{photoMsg.title}</h3>
      <div
        className={`photo-drop${dragging ? ' is-dragging' : ''}`}
        onDragOver={(e) => {
          if (!isFileDrag(e)) return;
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDropFiles}
        data-testid="photo-drop"
      >
        <p className="photo-drop-title">{photoMsg.dropHere}</p>
        <p className="muted">{photoMsg.or}</p>
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => input.current?.click()}
          disabled={busy}
          aria-describedby={`${id}-hint`}
        >
          {photoMsg.choose}
        </button>
        <input
          ref={input}
          type="file"
          multiple
          accept={photoAccept}
          className="visually-hidden"
          tabIndex={-1}
          aria-label={photoMsg.choose}
          onChange={(e) => void send([...(e.target.files ?? [])])}
        />
        <p className="field-hint" id={`${id}-hint`}>
          {photoMsg.hint}
        </p>
      </div>

      <div role="status" aria-live="polite" className="photo-note-slot">
        {note?.kind === 'success' && <p className="photo-note is-success">{note.text}</p>}
        {pending.length > 0 && <p className="photo-note">{photoMsg.uploading}</p>}
      </div>
      {note?.kind === 'error' && (
        <p className="photo-note is-error" role="alert">
          {note.text}
        </p>
      )}

      {(photos.length > 0 || pending.length > 0) && (
        <ol className="photo-list" aria-label={photoMsg.title}>
          {photos.map((p, i) => (
            <li
              key={p.id}
              className={`photo-item${dragFrom === i ? ' is-moving' : ''}`}
              draggable={!busy}
              onDragStart={(e) => {
                e.dataTransfer.setData(PHOTO_DRAG, String(i));
                e.dataTransfer.effectAllowed = 'move';
                setDragFrom(i);
              }}
              onDragEnd={() => setDragFrom(null)}
              onDragOver={(e) => {
                if (dragFrom !== null) e.preventDefault();
              }}
              onDrop={(e) => {
                if (dragFrom === null) return;
                e.preventDefault();
                e.stopPropagation();
                move(dragFrom, i);
                setDragFrom(null);
              }}
            >
              <img src={p.src} srcSet={p.srcset ?? undefined} sizes="120px" alt={label(i)} width={120} height={120} />
              {i === 0 && <span className="photo-badge">{photoMsg.first}</span>}
              <div className="photo-actions">
                <button
                  ref={ref(`${p.id}-up`)}
                  type="button"
                  className="btn btn-sm btn-outline"
                  onClick={() => move(i, i - 1, `${p.id}-up`)}
                  disabled={i === 0}
                  aria-disabled={busy || undefined}
                  aria-label={`${photoMsg.moveUp}: ${label(i)}`}
                  title={photoMsg.moveUp}
                >
                  <span aria-hidden="true">←</span>
                </button>
                <button
                  ref={ref(`${p.id}-down`)}
                  type="button"
                  className="btn btn-sm btn-outline"
                  onClick={() => move(i, i + 1, `${p.id}-down`)}
                  disabled={i === photos.length - 1}
                  aria-disabled={busy || undefined}
                  aria-label={`${photoMsg.moveDown}: ${label(i)}`}
                  title={photoMsg.moveDown}
                >
                  <span aria-hidden="true">→</span>
                </button>
                <button
                  type="button"
                  className="btn btn-sm btn-danger"
                  onClick={() => void drop(p)}
                  disabled={busy}
                  aria-label={`${photoMsg.remove}: ${label(i)}`}
                >
                  {photoMsg.remove}
                </button>
              </div>
            </li>
          ))}
          {pending.map((p) => (
            <li key={p.key} className="photo-item is-pending">
              <img src={p.url} alt={p.name} width={120} height={120} />
              <span className="photo-badge">{photoMsg.uploading}</span>
            </li>
          ))}
        </ol>
      )}
      {photos.length === 0 && pending.length === 0 && <p className="muted">{photoMsg.none}</p>}
    </section>
  );
}
