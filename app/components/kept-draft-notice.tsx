import { restoredDraftMessage } from "~/lib/kept-draft";

/** Above a screen whose form a kept draft filled: what came back, that nothing was sent, and that files did not. */
export function KeptDraftNotice({ droppedFiles }: { droppedFiles: number }) {
  return (
    <div role="status" data-testid="kept-draft-notice" className="border-b-2 border-amber-400 bg-amber-50 px-4 py-3 text-sm text-amber-950">
      <p className="mx-auto max-w-3xl">{restoredDraftMessage(droppedFiles)}</p>
    </div>
  );
}
