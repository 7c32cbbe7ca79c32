/**
 * A JSON object written a piece at a time, for a download that must not sit in memory whole.
 * Each member is a value written at once, or an async iterable of pages (arrays) of items,
 * written as one array whose items come as their pages are read: one page is in memory at a
 * time, however long the list. Each item is a line of its own, so the file stays readable.
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
    for await (const page of value as AsyncIterable<readonly unknown[]>) {
      if (page.length === 0) continue;
      yield page.map((item) => `${items++ === 0 ? "[" : ","}\n    ${JSON.stringify(item)}`).join("");
    }
    yield items === 0 ? "[]" : "\n  ]";
  }
  yield separator === "{\n" ? "{}\n" : "\n}\n";
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === "object" && value !== null && Symbol.asyncIterator in value;
}
