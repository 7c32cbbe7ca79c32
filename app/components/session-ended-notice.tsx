/** On a sign-in page, for a browser whose session ended: that it did, and whether what it sent is kept. */
export function SessionEndedNotice({ lines }: { lines: string[] }) {
  return (
    <div
      role="alert"
      data-testid="session-ended"
      className="mb-4 rounded-lg border-2 border-amber-400 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      {lines.map((line, index) => (
        <p key={line} className={index ? "mt-1" : "font-semibold"}>
          {line}
        </p>
      ))}
    </div>
  );
}
