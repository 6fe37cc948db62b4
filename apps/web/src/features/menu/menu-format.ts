/** 1010 basis points -> "10.1%"; trailing zeros dropped. */
export function bpToPercentText(bp: number): string {
  return `${Number((bp / 100).toFixed(3))}%`;
}
