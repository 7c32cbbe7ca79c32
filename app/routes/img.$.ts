import type { LoaderFunctionArgs } from "@remix-run/node";

import { imageVariant, isImageWidth } from "~/services/image-variants.server";
import { immutableFileResponse, storedFileResponse } from "~/utils/file-response.server";

/** /img/{width}/{key}: a stored image resized to one of the allowed widths, as WebP. */
export function loader({ params }: LoaderFunctionArgs) {
  const [widthText, ...keyParts] = (params["*"] ?? "").split("/");
  const width = Number(widthText);
  return storedFileResponse(async () => {
    const variant = isImageWidth(width) ? await imageVariant(keyParts.join("/"), width) : null;
    if (!variant) throw new Response("Not found", { status: 404 });
    return immutableFileResponse(variant, "image/webp");
  });
}
