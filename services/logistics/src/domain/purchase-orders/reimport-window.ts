/**
 * Importing a purchase order again imports nothing: its items were made by the first import (catalog made each once,
 * under the document's id). The answer says so, and when, in words the screen shows as they are.
 */
export function alreadyImportedMessage(importedAt: Date | string): string {
  const day = new Date(importedAt).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  return `Already imported on ${day}: nothing new was imported. Its items are on the Items page.`;
}
