import { z } from "zod";

import { NOT_YOUR_UPLOAD, setProfileImage } from "~/models/uploads.server";
import { requireApiUser } from "~/utils/api-auth.server";
import { apiError, apiJson, methods, parseJsonBody } from "~/utils/api.server";

const bodySchema = z.object({
  imageUrl: z.string({ required_error: "imageUrl is required" }).trim().min(1, "imageUrl is required").max(2000),
});

/** POST /api/user/profile-image {imageUrl}: one of this user's own uploads becomes their profile image → {profileImageUrl}. */
export const { loader, action } = methods({
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const { imageUrl } = await parseJsonBody(request, bodySchema);
    const profileImageUrl = await setProfileImage(user.id, imageUrl);
    if (!profileImageUrl) return apiError(400, NOT_YOUR_UPLOAD);
    return apiJson({ profileImageUrl });
  },
});
