// One image of a form: chosen from a file, dropped, or pasted from the clipboard; uploaded to the
// shop's store at once and shown as a preview with a delete button.
import { useId, useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import { toast } from '../../../lib/toast';
import { smallImage } from '../../../../domain/images';
import { errorMessage } from '../lib/format';
import {
  ACCEPTED_IMAGE_TYPES,
  INVALID_IMAGE_MESSAGE,
  UPLOAD_MAX_BYTES,
  UPLOAD_TOO_LARGE_MESSAGES,
  type UploadPurpose,
} from '../../../../domain/uploads';
import { imageFromClipboard, uploadImage } from '../lib/upload';
import { Button, Spinner } from '../../../components/ui/Button';
import { ClipboardPasteIcon, ImageIcon, UploadIcon } from '../../../components/ui/admin-icons';
import { TrashIcon } from '../../../components/ui/account-icons';

export function ImageUpload({
  label,
  value,
  onChange,
  purpose,
  hint,
  errorPrefix,
  error,
  className = '',
  zoneClassName = '',
}: {
  label: string;
  value: string;
  onChange: (url: string) => void;
  /** Decides the size limit (spec accounts-admin §9: bank logo 2 MB; products 5 MB). */
  purpose: UploadPurpose;
  hint?: string;
  /** How an upload failure starts ('Error al subir la imagen'); the server's reason follows. */
  errorPrefix: string;
  error?: string;
  className?: string;
  /** Bounds the square drop zone, which otherwise takes the whole width of the form. */
  zoneClassName?: string;
}) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);

  async function accept(file: File | Blob | null) {
    if (!file) return;
    if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      toast.error(INVALID_IMAGE_MESSAGE);
      return;
    }
    if (file.size > UPLOAD_MAX_BYTES[purpose]) {
      toast.error(UPLOAD_TOO_LARGE_MESSAGES[purpose]);
      return;
    }
    setBusy(true);
    try {
      onChange(await uploadImage(file, purpose));
    } catch (e) {
      toast.error(`${errorPrefix}: ${errorMessage(e)}`);
    } finally {
      setBusy(false);
    }
  }

  function onPaste(event: ClipboardEvent) {
    const file = imageFromClipboard(event.clipboardData);
    if (file) {
      event.preventDefault();
      void accept(file);
    }
  }

  async function pasteFromButton() {
    try {
      const items = await navigator.clipboard.read();
      for (const item of items) {
        const type = item.types.find((t) => t.startsWith('image/'));
        if (type) return void accept(await item.getType(type));
      }
      toast.error('No hay una imagen en el portapapeles');
    } catch {
      toast.error('No se pudo leer el portapapeles: pega la imagen con Ctrl+V sobre el recuadro');
    }
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    void accept(event.dataTransfer.files[0] ?? null);
  }

  return (
    <div className={className}>
      <p id={`${id}-label`} className="mb-1 text-xs font-semibold text-stone-700">
        {label}
      </p>
      <div
        role="group"
        aria-labelledby={`${id}-label`}
        aria-describedby={hint ? `${id}-hint` : undefined}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the drop zone takes focus so an image can be pasted into it
        tabIndex={0}
        onPaste={onPaste}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`relative flex aspect-square w-full items-center justify-center overflow-hidden rounded-xl border-2 border-dashed transition focus-visible:border-brand-600 ${zoneClassName} ${
          dragging ? 'border-brand-600 bg-brand-50' : error ? 'border-red-400 bg-red-50' : 'border-stone-300 bg-stone-50'
        }`}
      >
        {value ? (
          <img src={smallImage(value) ?? value} alt={`Vista previa: ${label}`} className="h-full w-full object-contain" />
        ) : (
          <div className="flex flex-col items-center gap-1 px-3 text-center text-xs text-stone-500">
            <ImageIcon size={28} className="text-stone-400" />
            <span>Arrastra, pega (Ctrl+V) o sube una imagen</span>
          </div>
        )}
        {busy && (
          <div
            className="absolute inset-0 flex items-center justify-center gap-2 bg-white/80 text-sm font-medium text-stone-700"
            role="status"
          >
            <Spinner className="h-5 w-5 text-brand-700" />
            Subiendo...
          </div>
        )}
        {value && !busy && (
          <button
            type="button"
            onClick={() => onChange('')}
            className="absolute right-2 top-2 rounded-full bg-white/95 p-1.5 text-red-700 shadow ring-1 ring-stone-200 hover:bg-red-50"
            aria-label={`Quitar ${label.toLowerCase()}`}
            title="Quitar imagen"
          >
            <TrashIcon size={16} />
          </button>
        )}
      </div>
      <div className="mt-2 flex flex-wrap gap-1.5">
        <input
          ref={fileInput}
          id={id}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          className="sr-only"
          tabIndex={-1}
          aria-label={`Archivo para ${label.toLowerCase()}`}
          onChange={(e) => {
            void accept(e.target.files?.[0] ?? null);
            e.target.value = '';
          }}
        />
        <Button variant="secondary" size="sm" onClick={() => fileInput.current?.click()} disabled={busy}>
          <UploadIcon size={14} />
          {value ? 'Cambiar' : 'Subir imagen'}
        </Button>
        <Button variant="ghostMuted" size="sm" onClick={pasteFromButton} disabled={busy}>
          <ClipboardPasteIcon size={14} />
          Pegar
        </Button>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-500">
          {hint}
        </p>
      )}
      {error && <p className="mt-1 text-xs text-red-700">{error}</p>}
    </div>
  );
}
