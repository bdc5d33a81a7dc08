// Up to three claim photos chosen by click or dropped on the zone, previewed from the device and
// removable; they are uploaded when the claim is sent (spec accounts-admin §2 warranty).
import { useId, useState, type DragEvent } from 'react';
import { CloseIcon, Icon } from '../../components/ui/icons';
import { MAX_PHOTOS, photoProblem, TOO_MANY_PHOTOS } from './claim-form';

export interface PickedPhoto {
  id: string;
  file: File;
  preview: string;
  /** Set once uploaded, so a second attempt does not upload it again. */
  url?: string;
}

let nextId = 0;

export function PhotoPicker({
  photos,
  onChange,
  error,
  disabled,
}: {
  photos: PickedPhoto[];
  onChange: (photos: PickedPhoto[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState('');

  function add(files: FileList | File[]) {
    const list = Array.from(files);
    if (!list.length) return;
    const room = MAX_PHOTOS - photos.length;
    const accepted: PickedPhoto[] = [];
    let message = '';
    for (const file of list) {
      const reason = photoProblem(file);
      if (reason) message ||= reason;
      else if (accepted.length >= room) message ||= TOO_MANY_PHOTOS;
      else accepted.push({ id: `photo-${++nextId}`, file, preview: URL.createObjectURL(file) });
    }
    setProblem(message);
    if (accepted.length) onChange([...photos, ...accepted]);
  }

  function remove(photo: PickedPhoto) {
    URL.revokeObjectURL(photo.preview);
    setProblem('');
    onChange(photos.filter((p) => p.id !== photo.id));
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (!disabled) add(event.dataTransfer.files);
  }

  const shown = problem || error;
  const full = photos.length >= MAX_PHOTOS;

  return (
    <div>
      <p id={`${id}-label`} className="mb-1.5 block text-sm font-medium text-stone-800">
        Fotos del problema <span className="font-normal text-stone-500">(de 1 a 3, hasta 5MB cada una)</span>
      </p>
      <ul className="grid max-w-xl grid-cols-3 gap-2 sm:gap-3" aria-labelledby={`${id}-label`}>
        {photos.map((photo, i) => (
          <li key={photo.id} className="relative aspect-square overflow-hidden rounded-xl border border-stone-200 bg-stone-100">
            <img src={photo.preview} alt={`Foto ${i + 1}: ${photo.file.name}`} className="h-full w-full object-cover" />
            <button
              type="button"
              onClick={() => remove(photo)}
              disabled={disabled}
              className="absolute right-1.5 top-1.5 flex h-8 w-8 items-center justify-center rounded-full bg-white/95 text-red-700 shadow ring-1 ring-stone-200 hover:bg-red-50 disabled:opacity-50"
              aria-label={`Quitar foto ${i + 1}`}
            >
              <CloseIcon size={16} strokeWidth={2.2} />
            </button>
          </li>
        ))}
        {!full && (
          <li className={photos.length === 0 ? 'col-span-3' : ''}>
            <label
              htmlFor={id}
              onDragOver={(e) => {
                e.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              className={`flex h-full cursor-pointer flex-col items-center justify-center gap-1.5 rounded-xl border-2 border-dashed px-3 text-center text-sm transition focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/30 ${
                photos.length === 0 ? 'min-h-36 py-6' : 'aspect-square'
              } ${dragging ? 'border-brand-600 bg-brand-50' : shown ? 'border-red-400 bg-red-50' : 'border-stone-300 bg-stone-50 hover:border-brand-500 hover:bg-brand-50/50'}`}
            >
              <Icon size={28} strokeWidth={1.8} className="text-brand-700">
                <path d="M4 8h3l2-3h6l2 3h3v11H4z" />
                <circle cx="12" cy="13" r="3.5" />
              </Icon>
              <span className="font-medium text-stone-800">
                {photos.length === 0 ? 'Haz clic o arrastra tus fotos aquí' : 'Agregar foto'}
              </span>
              {photos.length === 0 && <span className="text-xs text-stone-500">JPG, PNG o WebP</span>}
              <input
                id={id}
                type="file"
                accept="image/jpeg,image/png,image/webp"
                multiple
                disabled={disabled}
                className="sr-only"
                aria-describedby={shown ? `${id}-error` : undefined}
                onChange={(e) => {
                  add(e.target.files ?? []);
                  e.target.value = '';
                }}
              />
            </label>
          </li>
        )}
      </ul>
      {shown && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700" role="alert">
          {shown}
        </p>
      )}
    </div>
  );
}
