/** Offers `file` to the person as a download named `name`. */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The download has started by then; the URL would otherwise keep the file in memory.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
