import { act, Profiler } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { useAfterFirstCommit } from './after-first-commit.ts';

let root: Root;
let container: HTMLDivElement;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

function Probe() {
  const after = useAfterFirstCommit();
  return <span data-after={String(after)} />;
}

it('is false in the first commit and true in a commit of its own after it, then stays true', async () => {
  const commits: string[] = [];
  const onRender = (_id: string, phase: string) =>
    commits.push(`${phase}:${container.querySelector('span')?.dataset.after}`);
  await act(async () =>
    root.render(
      <Profiler id="probe" onRender={onRender}>
        <Probe />
      </Profiler>,
    ),
  );
  expect(commits).toEqual(['mount:false', 'update:true']);
  // a later render of the same component does not start over
  await act(async () =>
    root.render(
      <Profiler id="probe" onRender={onRender}>
        <Probe />
      </Profiler>,
    ),
  );
  expect(commits).toEqual(['mount:false', 'update:true', 'update:true']);
});
