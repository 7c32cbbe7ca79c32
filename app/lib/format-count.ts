/** A count as people in India write it: 1,234 and 1,00,000. */
export const formatCount = (value: number) => value.toLocaleString("en-IN");
