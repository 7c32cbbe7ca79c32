/** Between the items of a list, each on a line of its own: what a page already written as JSON text joins its items with. */
export const JSON_ITEM_SEPARATOR = ",\n    ";

/** A page of a list's items already written as JSON text (by the database), joined by JSON_ITEM_SEPARATOR. */
export type JsonItemsText = { json: string; count: number };

type Page = readonly unknown[] | JsonItemsText;

/**
 * A JSON object written a piece at a time, for a download that must not sit in memory whole.
 * Each member is a value written at once, or an async iterable of pages of items (arrays of
 * values, or items already written as JSON text), written as one array whose items come as
 * their pages are read: one page is in memory at a time, however long the list. Each item is
 * a line of its own, so the file stays readable.
 */
export async function* jsonObjectText(members: Iterable<readonly [name: string, value: unknown]>): AsyncGenerator<string> {
  let separator = "{\n";
  for (const [name, value] of members) {
    yield `${separator}  ${JSON.stringify(name)}: `;
    separator = ",\n";
    if (!isAsyncIterable(value)) {
      yield JSON.stringify(value, null, 2).replaceAll("\n", "\n  ");
      continue;
    }
    let items = 0;
    for await (const page of value as AsyncIterable<Page>) {
      const text = Array.isArray(page) ? page.map((item) => JSON.stringify(item)).join(JSON_ITEM_SEPARATOR) : (page as JsonItemsText).json;
      const count = Array.isArray(page) ? page.length : (page as JsonItemsText).count;
      if (count === 0) continue;
      yield `${items === 0 ? "[\n    " : JSON_ITEM_SEPARATOR}${text}`;
      items += count;
    }
    yield items === 0 ? "[]" : "\n  ]";
  }
  yield separator === "{\n" ? "{}\n" : "\n}\n";
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === "object" && value !== null && Symbol.asyncIterator in value;
}
