// The server's page is hydrated in slices (decision 0019): each <HydrationSlice> is a Suspense
// boundary, and React hydrates the boundaries of a server page after the rest of it has committed,
// each later, at a low priority and in short tasks, so a phone's main thread is never blocked for
// long after the first paint. A tap inside a part not hydrated yet hydrates that part first and is
// then handled (React's selective hydration). A part whose state changed before its turn (a session
// restored, a media query, fresher data) is hydrated as the server rendered it, then updated.
//
// What is kept here is only the moment the last slice is hydrated: the page is then wholly the
// app's (`data-app="ready"`, App.tsx).
import { Suspense, useLayoutEffect, useRef, type ReactElement, type ReactNode } from 'react';

interface SliceState {
  /** Counted among the slices the first hydration waits for. */
  waiting: boolean;
  hydrated: boolean;
}

/** During the first hydration, until its last slice is hydrated. */
let firstHydration = false;
/** The frame (everything outside the slices) is committed. */
let frameCommitted = false;
let waiting = 0;
let finish: () => void = () => {};
let finished: Promise<void> = Promise.resolve();

/** Yields the main thread: what follows runs in a task of its own. */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function settle() {
  if (!firstHydration || !frameCommitted || waiting > 0) return;
  firstHydration = false;
  finish();
}

function stopWaiting(slice: SliceState) {
  if (!slice.waiting) return;
  slice.waiting = false;
  waiting--;
  // After the commit's other effects: a slice nested in this one registers in the same commit.
  queueMicrotask(settle);
}

/**
 * Starts the first hydration (`hydrate` calls hydrateRoot). Settles once its last slice is
 * hydrated, or once the frame is committed when the page has none.
 */
export function hydrateInSlices(hydrate: () => void): Promise<void> {
  finished = new Promise((resolve) => (finish = resolve));
  firstHydration = true;
  frameCommitted = false;
  waiting = 0;
  hydrate();
  return finished;
}

/**
 * Settles once every slice of the first hydration is hydrated, at once outside one. Called from an
 * effect of the frame, which tells that the frame is committed.
 */
export function afterSlices(): Promise<void> {
  if (!firstHydration) return Promise.resolve();
  frameCommitted = true;
  settle();
  return finished;
}

function Hydrated({ slice, children }: { slice: SliceState; children: ReactNode }) {
  useLayoutEffect(() => {
    slice.hydrated = true;
    stopWaiting(slice);
  }, [slice]);
  return children;
}

/**
 * A part of the page hydrated after the rest, in a later task: until its turn, React keeps the
 * server's HTML of the part, shown and not yet answering. Elsewhere (the server, a page opened
 * inside the app) it renders its child at once.
 */
export function HydrationSlice({ children }: { children: ReactElement }) {
  const slice = useRef<SliceState>({ waiting: false, hydrated: false }).current;
  // The frame's commit: the slice, not hydrated yet, is counted until its own commit.
  useLayoutEffect(() => {
    if (!firstHydration || slice.hydrated) return;
    slice.waiting = true;
    waiting++;
    // Removed before its turn (the visitor left the page): nothing to wait for.
    return () => stopWaiting(slice);
  }, [slice]);
  return (
    <Suspense fallback={null}>
      <Hydrated slice={slice}>{children}</Hydrated>
    </Suspense>
  );
}
