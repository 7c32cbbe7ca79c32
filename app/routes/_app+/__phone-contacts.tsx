import { useState } from "react";

import { Button } from "~/components/ui/button";
import { useHydrated } from "~/hooks/use-hydrated";
import { readPickedContacts, type PhoneBookEntry, type PickedContact } from "~/lib/phone-contacts";

/** The Contact Picker API (Android Chrome), which TypeScript's DOM types do not have yet. */
type ContactsManager = {
  select: (properties: Array<"name" | "tel">, options: { multiple: boolean }) => Promise<PhoneBookEntry[]>;
};

function contactPicker(): ContactsManager | null {
  if (!("contacts" in navigator) || !("ContactsManager" in window)) return null;
  return (navigator as Navigator & { contacts: ContactsManager }).contacts;
}

const PICKER_FAILED = "Your phone's contacts could not be opened. Type the contact in, or import a CSV file.";

/**
 * 'Add from my phone's contacts': the phone's own contact picker, where the browser has one (Android
 * Chrome). Shown only once the page's scripts run and only where the picker exists: elsewhere the
 * form and the CSV import are the ways in. What is picked goes to `onPicked`, never anywhere else.
 */
export function AddFromPhoneButton({ onPicked }: { onPicked: (picked: PickedContact[], leftOut: number) => void }) {
  const hydrated = useHydrated();
  const [failure, setFailure] = useState<string | null>(null);
  const picker = hydrated ? contactPicker() : null;
  if (!picker) return null;
  return (
    <div>
      <Button
        variant="secondary"
        wide
        onClick={async () => {
          setFailure(null);
          try {
            const { contacts, leftOut } = readPickedContacts(await picker.select(["name", "tel"], { multiple: true }));
            if (contacts.length) onPicked(contacts, leftOut);
          } catch {
            setFailure(PICKER_FAILED);
          }
        }}
      >
        Add from my phone&apos;s contacts
      </Button>
      {failure ? (
        <p role="alert" className="mt-1 text-sm text-red-600">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
