/** Shown while the first page loads; the same spinner index.html draws before any script runs. */
export function BootScreen() {
  return <div className="ra-boot" role="progressbar" aria-label="Loading" />;
}
