// The server's page is hydrated in slices: the frame and what is on screen first, then each part
// wrapped in <HydrationSlice>, each in a task of its own, so a phone's main thread is never blocked
// for long after the first paint (decision 0018). Until its turn, a slice keeps the server's HTML:
// it suspends during the first hydration, and Preact keeps the DOM of a part that suspends while
// hydrating.
//
// A slice's turn may come after the visitor's state changed (a session restored, a media query,
// fresher data), so its HTML no longer matches what it renders. Preact's hydration trusts the
// server's attributes and would keep them, so a slice is not hydrated but rendered over the kept
// DOM: Preact then reads each element's attributes and corrects what differs, reusing the nodes.
// That takes clearing the hydration flag on the slice's vnode, an internal of Preact 11 (`__v` is
// a component's vnode, `__u` its flags, 32 MODE_HYDRATE); hydration-slices.test.tsx fails if an
// upgrade renames them.
import { Component, Suspense, type ReactElement, type ReactNode } from 'react';

const MODE_HYDRATE = 32;

interface PreactInternals {
  __v?: { __u: number };
}

/** A task that renders slices stops taking more after this many milliseconds (a phone's own). */
const TASK_BUDGET_MS = 6;

let slicing = false;
const waiting: (() => void)[] = [];
let scheduled = false;
let taskStart = 0;
let finish: () => void = () => {};
let finished: Promise<void> = Promise.resolve();

/** Yields the main thread: what follows runs in a task of its own. */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function schedule() {
  if (scheduled) return;
  scheduled = true;
  void nextTask().then(() => {
    scheduled = false;
    taskStart = performance.now();
    if (waiting.length) renderNext();
    else {
      slicing = false;
      finish();
    }
  });
}

/** Lets the next slice render: its render follows in this task's microtasks. */
function renderNext() {
  waiting.shift()?.();
  schedule();
}

/** A slice is on screen: the next one follows in the same task while the task is short. */
function sliceRendered() {
  if (waiting.length && performance.now() - taskStart < TASK_BUDGET_MS) renderNext();
}

/**
 * Hydrates `hydrate`'s tree with its slices left for later tasks. Settles once the last slice is
 * rendered (at once when the page has none).
 */
export function hydrateInSlices(hydrate: () => void): Promise<void> {
  finished = new Promise((resolve) => (finish = resolve));
  slicing = true;
  hydrate();
  schedule();
  return finished;
}

/** Settles once every slice of the first hydration is rendered, at once if none is waiting. */
export function afterSlices(): Promise<void> {
  return slicing ? finished : Promise.resolve();
}

class Slice extends Component<{ children: ReactNode }> {
  private turn: Promise<void> | null | undefined;
  private shown = false;

  override render() {
    if (this.turn === undefined && slicing) {
      this.turn = new Promise<void>((resolve) => {
        waiting.push(() => {
          const vnode = (this as unknown as PreactInternals).__v;
          if (vnode) vnode.__u &= ~MODE_HYDRATE;
          this.turn = null;
          resolve();
        });
      });
    }
    // Suspending is throwing the promise the slice waits for: how Suspense learns of it.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    if (this.turn) throw this.turn;
    return this.props.children;
  }

  override componentDidMount() {
    this.rendered();
  }

  override componentDidUpdate() {
    this.rendered();
  }

  private rendered() {
    if (this.shown || this.turn !== null) return;
    this.shown = true;
    sliceRendered();
  }
}

/**
 * A part of the page hydrated after the rest, in a later task. Its child must render exactly one
 * element, never nothing: that element is the server HTML the slice keeps until its turn. Elsewhere
 * (the server, a page opened inside the app) it renders its child at once.
 */
export function HydrationSlice({ children }: { children: ReactElement }) {
  return (
    <Suspense fallback={null}>
      <Slice>{children}</Slice>
    </Suspense>
  );
}
