/** `256 MB`, `64 KB`, `900 bytes` (1,024 a step, one decimal at most). */
export function sizeText(bytes: number): string {
  const format = (value: number): string =>
    value.toLocaleString('en-US', { maximumFractionDigits: 1 });
  if (bytes >= 1024 * 1024) return `${format(bytes / 1024 / 1024)} MB`;
  if (bytes >= 1024) return `${format(bytes / 1024)} KB`;
  return `${bytes.toLocaleString('en-US')} bytes`;
}
