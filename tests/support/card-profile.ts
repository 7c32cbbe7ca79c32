/** A business whose card the card tests draw: a personal mobile and another business phone, an address, markup in its name. */
export const CARD_PROFILE = {
  name: "Kiran Rao",
  businessName: "Kiran <b>Sweets</b> & Co",
  mobileNumber: "+919812345678",
  businessPhone: "+918023456789",
  address: "12th Main, Indiranagar",
  city: "Bengaluru",
  state: "Karnataka",
  postalCode: "560038",
};
