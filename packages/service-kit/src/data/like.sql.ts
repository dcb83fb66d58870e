/** A user's text as an ILIKE "contains" pattern: their %, _ and \ match themselves, not any text. */
export const likeContaining = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
