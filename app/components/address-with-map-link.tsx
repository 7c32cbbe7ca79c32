/** A maps search for an address: opens the phone's maps app (Google Maps' universal link). */
const mapSearchUrl = (address: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

/** An address, then a link that opens it in the phone's maps app. */
export function AddressWithMapLink({ address }: { address: string }) {
  return (
    <>
      {address}{" "}
      <a
        href={mapSearchUrl(address)}
        target="_blank"
        rel="noopener noreferrer"
        className="tap whitespace-nowrap text-brand-700 hover:underline"
      >
        Open in maps
      </a>
    </>
  );
}
