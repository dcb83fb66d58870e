import { formatCount } from '@midway/ui';

/** 'N item(s)' of the spec, in words: '1 item', '12 items'. */
export const countLabel = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;
