const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A path id that is not a uuid names nothing: 404, not a database error. */
export const isUuid = (s: string): boolean => UUID.test(s);
