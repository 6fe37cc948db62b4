import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders `children` in a transition after the first paint (issue 21): what sits below the sales
 * summary's first screen, and the frame's top bar and tags. React renders a transition in slices that
 * yield to the browser, so the page's first figures are drawn without waiting for them and the main
 * thread is never held for long. `placeholder` stands in meanwhile.
 */
export function AfterFirstPaint({ children, placeholder = null }: { children: ReactNode; placeholder?: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    startTransition(() => setReady(true));
  }, []);
  return <>{ready ? children : placeholder}</>;
}
