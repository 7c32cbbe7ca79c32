/** A count as people in India write it: 1,234 and 1,00,000. */
export const formatCount = (value: number) => value.toLocaleString("en-IN");

/** '1 post', '12 posts', '1,234 businesses'. */
export const countOf = (value: number, one: string, many = `${one}s`) => `${formatCount(value)} ${value === 1 ? one : many}`;
