// Demo content used to seed a local or staging database with realistic data.
// Pure data only: no side effects (its imports are types).

import type { BusinessCardLayout, SmsCategory, TemplateOffer } from "~/db/schema/templates";

import type { TemplateImageName } from "./template-images.server";

export type DemoBusiness = {
  slug: string;
  ownerName: string;
  businessName: string;
  email: string;
  mobileNumber: string;
  category: string;
  businessCategories: string[];
  details: string;
  address: string;
  city: string;
  state: string;
  postalCode: string;
  lat: number;
  lon: number;
  gstNumber: string | null;
};

export const DEMO_CATEGORIES: string[] = [
  "Restaurant",
  "Cafe",
  "Bakery",
  "Grocery",
  "Salon & Spa",
  "Fitness",
  "Clothing",
  "Electronics",
  "Pharmacy",
  "Jewellery",
  "Education",
  "Home Services",
];

export const DEMO_BUSINESSES: DemoBusiness[] = [
  // Bengaluru
  {
    slug: "chai-corner-indiranagar",
    ownerName: "Ravi Kumar",
    businessName: "Chai Corner",
    email: "ravi@chaicorner.example.in",
    mobileNumber: "9845023417",
    category: "Cafe",
    businessCategories: ["Cafe", "Bakery"],
    details:
      "A cosy chai and snacks spot on 100 Feet Road serving 15 kinds of chai, fresh bun maska and Irani-style osmania biscuits. Popular with office-goers and students after 4 pm.",
    address: "14, 100 Feet Road, HAL 2nd Stage, Indiranagar",
    city: "Bengaluru",
    state: "Karnataka",
    postalCode: "560038",
    lat: 12.97193,
    lon: 77.64117,
    gstNumber: null,
  },
  {
    slug: "namma-dosa-mane-basavanagudi",
    ownerName: "Suresh Hegde",
    businessName: "Namma Dosa Mane",
    email: "suresh@nammadosamane.example.in",
    mobileNumber: "9880154632",
    category: "Restaurant",
    businessCategories: ["Restaurant"],
    details:
      "Family-run tiffin room serving benne dosa, idli-vada and filter coffee since 1987. Everything is made fresh on a cast-iron tawa every morning.",
    address: "27, DVG Road, Gandhi Bazaar, Basavanagudi",
    city: "Bengaluru",
    state: "Karnataka",
    postalCode: "560004",
    lat: 12.94551,
    lon: 77.57148,
    gstNumber: "29AKRPH4821K1ZO",
  },
  {
    slug: "kaveri-fresh-mart-jayanagar",
    ownerName: "Manjunath Gowda",
    businessName: "Kaveri Fresh Mart",
    email: "manjunath@kaverifreshmart.example.in",
    mobileNumber: "9741238806",
    category: "Grocery",
    businessCategories: ["Grocery"],
    details:
      "Neighbourhood supermarket with farm-fresh vegetables, staples, dairy and household essentials. Free home delivery within 2 km of Jayanagar 4th Block.",
    address: "402, 11th Main Road, Jayanagar 4th Block",
    city: "Bengaluru",
    state: "Karnataka",
    postalCode: "560011",
    lat: 12.92502,
    lon: 77.58386,
    gstNumber: "29BGTPG6134M1ZP",
  },
  {
    slug: "fitnest-studio-koramangala",
    ownerName: "Ananya Rao",
    businessName: "FitNest Studio",
    email: "ananya@fitnest.example.in",
    mobileNumber: "8095567120",
    category: "Fitness",
    businessCategories: ["Fitness"],
    details:
      "Boutique studio offering strength training, yoga and HIIT in small batches. Certified coaches, personalised plans and a friendly community.",
    address: "88, 1st Cross, 5th Block, Koramangala",
    city: "Bengaluru",
    state: "Karnataka",
    postalCode: "560095",
    lat: 12.93524,
    lon: 77.61909,
    gstNumber: "29AAKFF7352Q1ZJ",
  },
  {
    slug: "lavanya-silks-malleshwaram",
    ownerName: "Lavanya Shetty",
    businessName: "Lavanya Silks",
    email: "lavanya@lavanyasilks.example.in",
    mobileNumber: "9448071936",
    category: "Clothing",
    businessCategories: ["Clothing"],
    details:
      "Handpicked Mysore silk, Kanchipuram and Ilkal sarees along with ready-made blouses and kids' ethnic wear. Free fall-pico on every saree.",
    address: "63, Sampige Road, 8th Cross, Malleshwaram",
    city: "Bengaluru",
    state: "Karnataka",
    postalCode: "560003",
    lat: 13.00355,
    lon: 77.57091,
    gstNumber: "29CQZPS2209D1ZC",
  },
  {
    slug: "hsr-home-fixers",
    ownerName: "Naveen Reddy",
    businessName: "HSR Home Fixers",
    email: "naveen@hsrhomefixers.example.in",
    mobileNumber: "7760914283",
    category: "Home Services",
    businessCategories: ["Home Services", "Electronics"],
    details:
      "Verified electricians, plumbers, carpenters and AC technicians serving HSR Layout, Bellandur and Koramangala. Same-day visits for most jobs.",
    address: "1123, 24th Main Road, Sector 2, HSR Layout",
    city: "Bengaluru",
    state: "Karnataka",
    postalCode: "560102",
    lat: 12.91163,
    lon: 77.64747,
    gstNumber: null,
  },
  // Mumbai
  {
    slug: "bandra-bake-house",
    ownerName: "Joseph D'Souza",
    businessName: "Bandra Bake House",
    email: "joseph@bandrabakehouse.example.in",
    mobileNumber: "9820347715",
    category: "Bakery",
    businessCategories: ["Bakery", "Cafe"],
    details: "Third-generation bakery known for pav, brun, plum cake and mawa cakes. Fresh bread comes out of the oven every morning by 7.",
    address: "Shop 5, Hill Road, opposite St. Peter's Church, Bandra West",
    city: "Mumbai",
    state: "Maharashtra",
    postalCode: "400050",
    lat: 19.05441,
    lon: 72.83298,
    gstNumber: "27AFHPD5517R1Z0",
  },
  {
    slug: "shree-ganesh-medicals-dadar",
    ownerName: "Prakash Patil",
    businessName: "Shree Ganesh Medicals",
    email: "prakash@shreeganeshmedicals.example.in",
    mobileNumber: "9769021458",
    category: "Pharmacy",
    businessCategories: ["Pharmacy"],
    details:
      "Trusted chemist in Dadar West for over 20 years, stocking prescription medicines, generics, baby care and diabetic supplies. Open till midnight, all 7 days.",
    address: "Shop 3, Ranade Road, Dadar West",
    city: "Mumbai",
    state: "Maharashtra",
    postalCode: "400028",
    lat: 19.02132,
    lon: 72.84046,
    gstNumber: "27BNMPP3086L1Z9",
  },
  {
    slug: "zaveri-heritage-jewellers-kalbadevi",
    ownerName: "Hitesh Zaveri",
    businessName: "Zaveri Heritage Jewellers",
    email: "hitesh@zaveriheritage.example.in",
    mobileNumber: "9821563094",
    category: "Jewellery",
    businessCategories: ["Jewellery"],
    details:
      "BIS hallmarked gold, diamond and silver jewellery crafted by our own karigars since 1962. Specialists in bridal sets and custom orders.",
    address: "112, Sheikh Memon Street, Zaveri Bazaar, Kalbadevi",
    city: "Mumbai",
    state: "Maharashtra",
    postalCode: "400002",
    lat: 18.94934,
    lon: 72.83249,
    gstNumber: "27AADCZ4412H1ZC",
  },
  {
    slug: "andheri-gadget-hub-lokhandwala",
    ownerName: "Imran Shaikh",
    businessName: "Andheri Gadget Hub",
    email: "imran@andherigadgethub.example.in",
    mobileNumber: "8879402261",
    category: "Electronics",
    businessCategories: ["Electronics", "Home Services"],
    details:
      "Mobiles, laptops, accessories and home appliances with honest pricing. Same-day phone repairs with genuine parts and a written warranty.",
    address: "Shop 14, Lokhandwala Market, Andheri West",
    city: "Mumbai",
    state: "Maharashtra",
    postalCode: "400053",
    lat: 19.14305,
    lon: 72.82601,
    gstNumber: "27DJKPS8871A1ZQ",
  },
  {
    slug: "glow-and-go-salon-powai",
    ownerName: "Riya Kapoor",
    businessName: "Glow & Go Salon",
    email: "riya@glowandgo.example.in",
    mobileNumber: "9930716548",
    category: "Salon & Spa",
    businessCategories: ["Salon & Spa"],
    details:
      "Unisex salon and spa in Hiranandani Gardens offering haircuts, colour, skin treatments and bridal makeup. Hygiene first, with sterilised tools for every client.",
    address: "G-7, Central Avenue, Hiranandani Gardens, Powai",
    city: "Mumbai",
    state: "Maharashtra",
    postalCode: "400076",
    lat: 19.11763,
    lon: 72.90907,
    gstNumber: null,
  },
  // Delhi
  {
    slug: "paranthe-wali-rasoi-chandni-chowk",
    ownerName: "Devendra Sharma",
    businessName: "Paranthe Wali Rasoi",
    email: "devendra@paranthewalirasoi.example.in",
    mobileNumber: "9811246370",
    category: "Restaurant",
    businessCategories: ["Restaurant"],
    details:
      "Fourth-generation paratha shop in the lanes of Chandni Chowk, frying over 20 varieties in desi ghee. Served with aloo sabzi, kaddu and tangy chutneys.",
    address: "1984, Gali Paranthe Wali, Chandni Chowk",
    city: "Delhi",
    state: "Delhi",
    postalCode: "110006",
    lat: 28.65601,
    lon: 77.23038,
    gstNumber: "07AMWPS1946B1ZP",
  },
  {
    slug: "lajpat-fashion-house",
    ownerName: "Neha Khanna",
    businessName: "Lajpat Fashion House",
    email: "neha@lajpatfashion.example.in",
    mobileNumber: "9873518402",
    category: "Clothing",
    businessCategories: ["Clothing"],
    details: "Trendy kurtis, suits, lehengas and dupattas at market prices. In-house tailoring with 2-day alterations.",
    address: "G-14, Central Market, Lajpat Nagar II",
    city: "Delhi",
    state: "Delhi",
    postalCode: "110024",
    lat: 28.56772,
    lon: 77.24336,
    gstNumber: "07BXRPK6620E1ZC",
  },
  {
    slug: "nehru-place-tech-point",
    ownerName: "Amit Malhotra",
    businessName: "Nehru Place Tech Point",
    email: "amit@techpoint.example.in",
    mobileNumber: "9958067134",
    category: "Electronics",
    businessCategories: ["Electronics"],
    details:
      "Laptops, printers and networking gear at wholesale prices, plus chip-level repairs. Serving students, home offices and small businesses across South Delhi.",
    address: "204, Vishal Bhawan, Nehru Place",
    city: "Delhi",
    state: "Delhi",
    postalCode: "110019",
    lat: 28.54924,
    lon: 77.25169,
    gstNumber: "07AAIFN2378P1ZL",
  },
  {
    slug: "bright-minds-tuition-rajouri-garden",
    ownerName: "Vikas Gupta",
    businessName: "Bright Minds Tuition Centre",
    email: "vikas@brightminds.example.in",
    mobileNumber: "8130945726",
    category: "Education",
    businessCategories: ["Education"],
    details:
      "Maths and science coaching for Classes 6 to 12 in small batches, plus JEE and NEET foundation. Weekly tests and a parent meeting every month.",
    address: "J-12/45, Main Market, Rajouri Garden",
    city: "Delhi",
    state: "Delhi",
    postalCode: "110027",
    lat: 28.64155,
    lon: 77.12091,
    gstNumber: null,
  },
  {
    slug: "hauz-khas-wellness-pharmacy",
    ownerName: "Sunita Arora",
    businessName: "Hauz Khas Wellness Pharmacy",
    email: "sunita@hkwellness.example.in",
    mobileNumber: "9717302865",
    category: "Pharmacy",
    businessCategories: ["Pharmacy"],
    details:
      "A qualified pharmacist is on duty at all times. We stock medicines, wellness products and medical equipment, with home delivery across Hauz Khas, Green Park and SDA.",
    address: "B-9, Aurobindo Place Market, Hauz Khas",
    city: "Delhi",
    state: "Delhi",
    postalCode: "110016",
    lat: 28.54943,
    lon: 77.20017,
    gstNumber: "07CFLPA7731J1ZB",
  },
  // Pune
  {
    slug: "koregaon-kitchen-cafe",
    ownerName: "Kabir Mehta",
    businessName: "Koregaon Kitchen Cafe",
    email: "kabir@koregaonkitchen.example.in",
    mobileNumber: "9822614057",
    category: "Cafe",
    businessCategories: ["Cafe", "Restaurant"],
    details:
      "All-day cafe in a leafy Koregaon Park bungalow, serving specialty coffee, big breakfasts and wood-fired pizzas. Pet-friendly garden seating.",
    address: "Lane 6, North Main Road, Koregaon Park",
    city: "Pune",
    state: "Maharashtra",
    postalCode: "411001",
    lat: 18.53621,
    lon: 73.89408,
    gstNumber: "27ATYPM9054N1ZH",
  },
  {
    slug: "deccan-crust-bakery",
    ownerName: "Aditi Kulkarni",
    businessName: "Deccan Crust Bakery",
    email: "aditi@deccancrust.example.in",
    mobileNumber: "9850372941",
    category: "Bakery",
    businessCategories: ["Bakery"],
    details: "Small-batch bakery on FC Road known for eggless cakes, sourdough and butter biscuits. Custom cakes with 24 hours' notice.",
    address: "21, Fergusson College Road, Deccan Gymkhana",
    city: "Pune",
    state: "Maharashtra",
    postalCode: "411004",
    lat: 18.52302,
    lon: 73.84126,
    gstNumber: "27BKOPK3318F1Z4",
  },
  {
    slug: "kothrud-fitness-zone",
    ownerName: "Sagar Deshpande",
    businessName: "Kothrud Fitness Zone",
    email: "sagar@kothrudfitness.example.in",
    mobileNumber: "7588021439",
    category: "Fitness",
    businessCategories: ["Fitness"],
    details: "Fully equipped gym with cardio, a strength floor and a separate women's batch. Personal training and diet plans available.",
    address: "2nd Floor, Shivtirth Complex, Karve Road, Kothrud",
    city: "Pune",
    state: "Maharashtra",
    postalCode: "411038",
    lat: 18.50744,
    lon: 73.80779,
    gstNumber: null,
  },
  {
    slug: "aundh-learning-hub",
    ownerName: "Snehal Joshi",
    businessName: "Aundh Learning Hub",
    email: "snehal@aundhlearning.example.in",
    mobileNumber: "9767154830",
    category: "Education",
    businessCategories: ["Education"],
    details:
      "Spoken English, coding for kids and school tuitions under one roof. Friendly teachers, with batches on weekdays and weekends.",
    address: "7, ITI Road, near Parihar Chowk, Aundh",
    city: "Pune",
    state: "Maharashtra",
    postalCode: "411007",
    lat: 18.55885,
    lon: 73.80741,
    gstNumber: null,
  },
  // Jaipur
  {
    slug: "johari-gems-and-jewels",
    ownerName: "Mahesh Agarwal",
    businessName: "Johari Gems & Jewels",
    email: "mahesh@joharigems.example.in",
    mobileNumber: "9414062387",
    category: "Jewellery",
    businessCategories: ["Jewellery"],
    details:
      "Traditional Jaipur kundan, meenakari and polki jewellery along with certified gemstones. A family business in Johari Bazaar for three generations.",
    address: "134, Johari Bazaar Road, Pink City",
    city: "Jaipur",
    state: "Rajasthan",
    postalCode: "302003",
    lat: 26.92203,
    lon: 75.82677,
    gstNumber: "08AAGFJ5563C1ZF",
  },
  {
    slug: "shri-balaji-kirana-malviya-nagar",
    ownerName: "Ramesh Saini",
    businessName: "Shri Balaji Kirana Store",
    email: "ramesh@balajikirana.example.in",
    mobileNumber: "9829176503",
    category: "Grocery",
    businessCategories: ["Grocery"],
    details: "Daily groceries, dry fruits, pooja samagri and Rajasthani namkeen at fair prices. Home delivery across Malviya Nagar.",
    address: "Plot 56, Sector 3, Malviya Nagar",
    city: "Jaipur",
    state: "Rajasthan",
    postalCode: "302017",
    lat: 26.85491,
    lon: 75.82438,
    gstNumber: null,
  },
  {
    slug: "rajwada-salon-c-scheme",
    ownerName: "Pooja Rathore",
    businessName: "Rajwada Salon",
    email: "pooja@rajwadasalon.example.in",
    mobileNumber: "7737248016",
    category: "Salon & Spa",
    businessCategories: ["Salon & Spa"],
    details:
      "Premium salon for hair, skin and bridal makeup in the heart of C-Scheme. Known for Rajasthani bridal looks and relaxing head massages.",
    address: "D-42, Prithviraj Road, C-Scheme",
    city: "Jaipur",
    state: "Rajasthan",
    postalCode: "302001",
    lat: 26.90642,
    lon: 75.80296,
    gstNumber: "08DHSPR4120G1Z2",
  },
  // Kochi
  {
    slug: "fort-kochi-spice-kitchen",
    ownerName: "Thomas Mathew",
    businessName: "Fort Kochi Spice Kitchen",
    email: "thomas@spicekitchen.example.in",
    mobileNumber: "9847031592",
    category: "Restaurant",
    businessCategories: ["Restaurant", "Cafe"],
    details:
      "Kerala seafood and homestyle meals in a 100-year-old heritage building near the Chinese fishing nets. Try our karimeen pollichathu and appam with stew.",
    address: "1/298, Princess Street, Fort Kochi",
    city: "Kochi",
    state: "Kerala",
    postalCode: "682001",
    lat: 9.96584,
    lon: 76.24219,
    gstNumber: "32AQVPM2675T1ZQ",
  },
  {
    slug: "edappally-home-care",
    ownerName: "Anoop Varghese",
    businessName: "Edappally Home Care",
    email: "anoop@edappallyhomecare.example.in",
    mobileNumber: "9746820473",
    category: "Home Services",
    businessCategories: ["Home Services"],
    details:
      "Cleaning, pest control, plumbing and appliance repair across Edappally, Kaloor and Kakkanad. Trained staff with police verification.",
    address: "34/1120, near Edappally Toll Junction, Edappally",
    city: "Kochi",
    state: "Kerala",
    postalCode: "682024",
    lat: 10.02475,
    lon: 76.30801,
    gstNumber: null,
  },
  {
    slug: "panampilly-fresh-basket",
    ownerName: "Divya Menon",
    businessName: "Panampilly Fresh Basket",
    email: "divya@freshbasket.example.in",
    mobileNumber: "8547391026",
    category: "Grocery",
    businessCategories: ["Grocery", "Bakery"],
    details:
      "Organic vegetables, Kerala spices, coconut oil from local mills and daily essentials. Everything is sourced from farmers in Ernakulam and Idukki.",
    address: "42/3500, Panampilly Avenue, Panampilly Nagar",
    city: "Kochi",
    state: "Kerala",
    postalCode: "682036",
    lat: 9.95803,
    lon: 76.29607,
    gstNumber: null,
  },
  // Hyderabad
  {
    slug: "banjara-glam-studio",
    ownerName: "Sana Fatima",
    businessName: "Banjara Glam Studio",
    email: "sana@banjaraglam.example.in",
    mobileNumber: "9849217360",
    category: "Salon & Spa",
    businessCategories: ["Salon & Spa"],
    details: "Bridal and party makeup, hair styling and mehendi by a team of trained artists. Specialists in Hyderabadi bridal looks.",
    address: "8-2-293, Road No. 12, Banjara Hills",
    city: "Hyderabad",
    state: "Telangana",
    postalCode: "500034",
    lat: 17.41301,
    lon: 78.43908,
    gstNumber: "36EKLPF8043W1Z3",
  },
  {
    slug: "nawabs-irani-bakery-madhapur",
    ownerName: "Abdul Rahman",
    businessName: "Nawab's Irani Bakery",
    email: "abdul@nawabsbakery.example.in",
    mobileNumber: "9908452174",
    category: "Bakery",
    businessCategories: ["Bakery", "Cafe"],
    details:
      "Classic Irani chai, osmania biscuits, dil khush and fruit cakes baked fresh every day. A little bit of old Hyderabad in Madhapur.",
    address: "Plot 12, Ayyappa Society Main Road, Madhapur",
    city: "Hyderabad",
    state: "Telangana",
    postalCode: "500081",
    lat: 17.44832,
    lon: 78.39156,
    gstNumber: "36AUHPR1597S1ZI",
  },
  // Chennai
  {
    slug: "mylai-kaapi-club-mylapore",
    ownerName: "Lakshmi Narayanan",
    businessName: "Mylai Kaapi Club",
    email: "lakshmi@mylaikaapi.example.in",
    mobileNumber: "9841063259",
    category: "Cafe",
    businessCategories: ["Cafe", "Restaurant"],
    details:
      "Degree coffee, ghee podi idli and crispy vadai a short walk from the Kapaleeshwarar temple. Our decoction is brewed fresh every two hours.",
    address: "18, North Mada Street, Mylapore",
    city: "Chennai",
    state: "Tamil Nadu",
    postalCode: "600004",
    lat: 13.03364,
    lon: 80.26979,
    gstNumber: null,
  },
  {
    slug: "sri-meenakshi-silks-t-nagar",
    ownerName: "Karthik Subramanian",
    businessName: "Sri Meenakshi Silks",
    email: "karthik@meenakshisilks.example.in",
    mobileNumber: "9884527310",
    category: "Clothing",
    businessCategories: ["Clothing", "Jewellery"],
    details:
      "Kanchipuram silk sarees, pattu pavadai and veshtis for weddings and festivals. Over 5,000 designs across three floors on Ranganathan Street.",
    address: "47, Ranganathan Street, T. Nagar",
    city: "Chennai",
    state: "Tamil Nadu",
    postalCode: "600017",
    lat: 13.04035,
    lon: 80.23301,
    gstNumber: "33BBNPS6482V1ZB",
  },
];

export type DemoOffer = {
  title: string;
  content: string;
  terms: string;
  couponCode: string;
  /** What the offer's button does. */
  callToAction: "call" | "whatsapp" | "directions" | "website";
};

export const DEMO_POSTS: Record<string, { updates: string[]; offers: DemoOffer[] }> = {
  Restaurant: {
    updates: [
      "Our weekday thali is back at ₹180: two sabzis, dal, rice, 3 rotis and a sweet. Lunch served 12 to 3:30 pm. #thalitime #lunchdeals",
      "Monsoon special: hot mirchi bajji and masala chai every evening from 4 pm. Perfect for this weather in {city}! #monsoonvibes #streetfood",
      "Thank you {city} for 500+ reviews! Aapka pyaar hi humari taqat hai. Come try the new paneer tikka platter this week. #thankyou #localfavourite",
      "Chef's tip: always add the ghee tadka to your dal at the very end. Or just come over and let us do it for you. #dalmakhani #homestylefood",
      "Now delivering hot meals within 3 km of our kitchen in {city}. Order on call or WhatsApp, no extra packing charges. #fooddelivery #orderin",
      "Sunday family brunch at {business}: unlimited dosas, filter coffee and kesari bath for ₹299 per head. Kids below 6 eat free! #sundaybrunch #familytime",
      "Fresh stock of homemade pickles is here: mango, lime and gongura. Small jar ₹120, big jar ₹220. #homemadepickle #achaar",
      "Planning a small function? We take bulk orders for 20 to 200 guests anywhere in {city}. Please call a day in advance. #catering #partyorders",
    ],
    offers: [
      {
        title: "Flat 20% off on family dinners",
        content:
          "Bring the whole family for dinner and get flat 20% off on bills above ₹1,000. Sab saath mein khao! #familydinner #foodoffer",
        terms: "Valid Monday to Thursday for dine-in only and cannot be combined with other offers.",
        couponCode: "FAMILY20",
        callToAction: "directions",
      },
      {
        title: "Free dessert with every thali",
        content: "Order any thali this week and get a gulab jamun or payasam on the house. #thali #sweettreat",
        terms: "One free dessert per thali, valid while stocks last.",
        couponCode: "SWEETTHALI",
        callToAction: "directions",
      },
      {
        title: "₹100 off your first delivery order",
        content:
          "Trying us for the first time? Get ₹100 off your first home delivery order. Hot food, sealed packaging, on time. #fooddelivery #firstorder",
        terms: "Minimum order value ₹499, valid once per phone number.",
        couponCode: "FIRST100",
        callToAction: "whatsapp",
      },
      {
        title: "Weekend biryani combo at ₹549",
        content: "Two full plates of dum biryani with raita, salan and two soft drinks for just ₹549. #biryani #weekendfeast",
        terms: "Valid on Saturdays and Sundays from 12 pm to 11 pm.",
        couponCode: "BIRYANI549",
        callToAction: "whatsapp",
      },
    ],
  },
  Cafe: {
    updates: [
      "New on the menu: cold brew with a hint of jaggery, ₹160. Strong, smooth and not too sweet. #coldbrew #coffeelovers",
      "Rainy afternoon in {city}, cutting chai and bun maska. Kya combination hai! We're open till 11 pm today. #chaitime #bunmaska",
      "Work-from-cafe friendly! Free Wi-Fi, charging points at every table and bottomless filter coffee for ₹149 on weekdays. #workfromcafe #coffeeshop",
      "Open mic this Friday 7 pm at {business}. Poetry, stand-up, acoustic, sab welcome hai. Register at the counter. #openmic #weekendplans",
      "This month's beans come from a small estate in Chikmagalur: fruity, medium roast. Ask for a free tasting sip! #specialtycoffee #localbeans",
      "Looking for a quiet breakfast spot in {city}? Akuri on toast and masala omelette are now served from 8 am. #breakfast #eggs",
      "Students get 10% off on all beverages Monday to Thursday. Just show your college ID at the counter. #studentdeals #chai",
      "Thank you {city} for making our hazelnut latte the bestseller of the month! It's back in stock from tomorrow. #latte #thankyou",
    ],
    offers: [
      {
        title: "Buy 1 get 1 on all cold coffees",
        content:
          "Beat the heat with a friend! Buy any cold coffee and get the second one free, every afternoon this week. #coldcoffee #bogo",
        terms: "Valid from 2 pm to 5 pm; the lower-priced drink is free.",
        couponCode: "BOGOCOLD",
        callToAction: "directions",
      },
      {
        title: "Breakfast combo at ₹199",
        content: "Any egg dish with toast and a chai or filter coffee for just ₹199. Start your day right! #breakfast #morningcoffee",
        terms: "Valid on weekdays from 8 am to 11 am, dine-in only.",
        couponCode: "BRKFST199",
        callToAction: "directions",
      },
      {
        title: "15% off for students",
        content:
          "Exams coming up? Study with us and get 15% off your entire bill. Unlimited water refills, good music, zero judgement. #studentlife #cafevibes",
        terms: "Valid college or school ID required, one discount per bill.",
        couponCode: "STUDENT15",
        callToAction: "directions",
      },
      {
        title: "Free cookie with every takeaway",
        content: "Order any beverage for takeaway and get a freshly baked choco-chip cookie free. #takeaway #cookies",
        terms: "One cookie per order, valid while stocks last.",
        couponCode: "COOKIEFREE",
        callToAction: "whatsapp",
      },
    ],
  },
  Bakery: {
    updates: [
      "Fresh pav, brun and multigrain loaves are out of the oven by 7 am every day. Come early, they finish fast! #freshbakes #morningbread",
      "Eggless cakes are available in all flavours, just order 24 hours before. Half kg starts at ₹450. #egglesscake #birthdaycake",
      "Christmas plum cake pre-orders are open across {city}! Rum-soaked or alcohol-free, ₹650 per kg. #plumcake #christmasbakes",
      "Baking fresh in {city} since 1998. Same recipes, same ovens, same love. #heritagebakery #nankhatai",
      "Try our new atta and jaggery cookies: no maida, no refined sugar, full taste. ₹180 for a 250 g box. #healthybakes #cookies",
      "Puff time! Veg, paneer and chicken puffs come out hot at 4 pm sharp. Best with a cup of chai. #eveningsnacks #puffs",
      "We make custom theme cakes for birthdays and anniversaries across {city}. Share a photo and we'll make it happen. #customcakes #celebrations",
      "{business} now accepts UPI at the counter and on delivery. No more change problems! #upi #localbakery",
    ],
    offers: [
      {
        title: "20% off all cakes this weekend",
        content: "Birthdays, anniversaries or just a sweet craving, get 20% off on every cake this weekend. #cakelovers #weekendtreat",
        terms: "Valid on Saturday and Sunday on cakes up to 2 kg.",
        couponCode: "CAKE20",
        callToAction: "whatsapp",
      },
      {
        title: "Buy 5 puffs, get 1 free",
        content: "Office snack sorted! Buy any 5 puffs and the sixth one is on us. #eveningsnacks #puffs",
        terms: "Free puff will be the same or lower priced variety.",
        couponCode: "PUFFSIX",
        callToAction: "directions",
      },
      {
        title: "₹150 off on custom theme cakes",
        content: "Cartoon cakes, photo cakes, number cakes, you dream it and we bake it. Flat ₹150 off this month. #customcakes #kidsparty",
        terms: "Order at least 48 hours in advance; minimum cake size 1 kg.",
        couponCode: "THEME150",
        callToAction: "call",
      },
      {
        title: "Free delivery on orders above ₹600",
        content: "Fresh bread and cakes at your doorstep with zero delivery charges on orders above ₹600. #freedelivery #freshbakes",
        terms: "Delivery available within 5 km of the bakery.",
        couponCode: "FREEDEL600",
        callToAction: "whatsapp",
      },
    ],
  },
  Grocery: {
    updates: [
      "Fresh vegetables arrive every morning at 6 from the {city} mandi. Today: tomatoes ₹32/kg, onions ₹38/kg. #freshveggies #dailyneeds",
      "Free home delivery on orders above ₹499 within 2 km. Just WhatsApp your list and we'll pack it. #homedelivery #kirana",
      "Monthly ration kit is ready: atta, rice, dal, oil, sugar and tea in one bag for ₹2,450. #monthlyration #savings",
      "New stock of cold-pressed groundnut and coconut oil from local mills. #coldpressed #healthychoices",
      "Proud to be {city}'s neighbourhood store for 25 years. Thank you for trusting {business}! #localstore #supportlocal",
      "Navratri vrat items now in stock: sabudana, kuttu atta, singhara atta, makhana and sendha namak. #navratri #fastingfood",
      "Our organic section just got bigger: millets, jaggery, brown rice and A2 ghee from farmers near {city}. #organic #millets",
      "New store timings: open 7 am to 10:30 pm, all 7 days. #storetimings #openlate",
    ],
    offers: [
      {
        title: "Flat ₹100 off on orders above ₹1,500",
        content: "Stock up for the month and save! Flat ₹100 off when your bill crosses ₹1,500. #monthlyshopping #savings",
        terms: "Not valid on cigarettes, milk or baby food.",
        couponCode: "SAVE100",
        callToAction: "directions",
      },
      {
        title: "10% off on all millets and organic products",
        content: "Eat healthy, eat local. 10% off on ragi, jowar, bajra, foxtail millet and our entire organic range. #millets #organic",
        terms: "Valid till the end of this month on organic shelf items only.",
        couponCode: "ORGANIC10",
        callToAction: "directions",
      },
      {
        title: "Free 1 kg sugar with the monthly ration kit",
        content: "Buy our monthly ration kit and get 1 kg sugar absolutely free. #rationkit #kirana",
        terms: "One free sugar pack per kit per household.",
        couponCode: "RATIONKIT",
        callToAction: "directions",
      },
      {
        title: "Free home delivery all week",
        content: "No minimum order this week! Call or WhatsApp your list and get free home delivery. #homedelivery #neighbourhoodstore",
        terms: "Delivery within 3 km, orders placed before 8 pm are delivered the same day.",
        couponCode: "FREEHOME",
        callToAction: "call",
      },
    ],
  },
  "Salon & Spa": {
    updates: [
      "Bridal season bookings are open! Trial makeup at ₹1,500, adjusted in your final package. #bridalmakeup #weddingseason",
      "Beat the {city} heat with our cooling aloe and cucumber facial, 60 minutes of pure relaxation. #facial #selfcare",
      "Men's grooming combo: haircut, beard styling and head massage for ₹499, Monday to Thursday. #mensgrooming #beardstyle",
      "All tools are sterilised after every client and we use disposable towels. Your safety comes first, always. #hygiene #salonlife",
      "New stylist alert! Priya joins us with 8 years of experience in colouring and balayage. #haircolour #balayage",
      "Walk-ins are welcome, but {city} weekends fill up fast. Book a slot on call to skip the wait. #bookahead #weekendpamper",
      "Keratin, smoothening or just a good hair spa? Not sure what your hair needs? Come for a free consultation at {business}. #haircare #consultation",
      "Festive glow package for {city}'s wedding season: facial, manicure, pedicure and blow-dry in one sitting. #festiveglow #pamper",
    ],
    offers: [
      {
        title: "30% off on hair spa and keratin",
        content: "Frizz-free hair for the monsoon! Flat 30% off on hair spa, keratin and smoothening treatments. #hairspa #keratin",
        terms: "Valid on weekdays only with prior appointment.",
        couponCode: "HAIRSPA30",
        callToAction: "call",
      },
      {
        title: "Complete bridal package at ₹14,999",
        content: "HD bridal makeup, hairstyling, draping and a pre-bridal facial, all for ₹14,999. #bridalmakeup #shaadiseason",
        terms: "Advance of ₹3,000 required to confirm the date.",
        couponCode: "BRIDALPKG",
        callToAction: "call",
      },
      {
        title: "₹200 off on your first visit",
        content: "New here? Get ₹200 off on any service worth ₹800 or more. #firstvisit #salonoffer",
        terms: "Valid once per customer on services above ₹800.",
        couponCode: "FIRST200",
        callToAction: "call",
      },
      {
        title: "Mani-pedi combo at ₹799",
        content: "Relaxing manicure and pedicure with a foot massage, now at just ₹799. #manicure #pedicure",
        terms: "Valid Monday to Friday until the end of this month.",
        couponCode: "MANIPEDI",
        callToAction: "call",
      },
    ],
  },
  Fitness: {
    updates: [
      "New batch of morning yoga starts Monday at 6:30 am. Beginners welcome, mats provided. #yoga #morningroutine",
      "Congratulations to Arjun for losing 14 kg in 5 months with consistent training! Proud of you. #transformation #fitnessjourney",
      "Zumba every Tuesday and Thursday at 7 pm. The most fun workout in {city}, zero boring cardio. #zumba #dancefitness",
      "Free body composition analysis this week for all members and walk-in visitors. #fitnesscheck #healthylifestyle",
      "Our strength floor just got new dumbbells up to 40 kg and two squat racks. Come lift with us, {city}! #strengthtraining #gymlife",
      "Personal training packages start at ₹6,000 a month for 12 sessions with a certified coach. #personaltraining #coach",
      "Women-only batch from 11 am to 1 pm on weekdays with a female trainer. #womensfitness #strongwomen",
      "Sunday community run in {city}: 5 km, all paces welcome. Meet at {business} at 6 am. #sundayrun #runningcommunity",
    ],
    offers: [
      {
        title: "First week free trial",
        content:
          "Not sure if the gym is for you? Try us free for 7 days, with full access to all classes and equipment. #freetrial #fitnessgoals",
        terms: "Valid for first-time visitors aged 16 and above with a photo ID.",
        couponCode: "TRYFREE7",
        callToAction: "directions",
      },
      {
        title: "Quarterly membership at 25% off",
        content: "Commit for 3 months and save 25%. Ab koi bahana nahi! #gymmembership #fitindia",
        terms: "Offer valid on new quarterly memberships paid in full.",
        couponCode: "FITQ25OFF",
        callToAction: "call",
      },
      {
        title: "Couple membership: ₹2,000 off",
        content:
          "Train together, stay together. Get ₹2,000 off when you join with your partner, sibling or friend. #couplegoals #workoutbuddy",
        terms: "Both members must join on the same day on a 6 or 12 month plan.",
        couponCode: "COUPLEFIT",
        callToAction: "call",
      },
      {
        title: "Free diet consultation with annual plan",
        content: "Sign up for an annual plan and get a personalised diet chart from our nutritionist, free. #nutrition #dietplan",
        terms: "One consultation and one follow-up included per member.",
        couponCode: "DIETFREE",
        callToAction: "call",
      },
    ],
  },
  Clothing: {
    updates: [
      "Fresh Kanchipuram and Banarasi silks arrived this week, from ₹4,500. Come touch and feel the weave! #silksarees #handloom",
      "Kurta sets for Eid in pastel shades, sizes S to 3XL. Stock is limited. #eidcollection #ethnicwear",
      "Alterations done in-house in 2 days. Buy a saree here and get free fall-pico. #alterations #sareelove",
      "Wedding shopping in {city}? Bring the whole family. Sherwanis, lehengas and kids' ethnic wear under one roof. #weddingshopping #familyshopping",
      "New cotton kurtis for summer, breathable and office-friendly, from ₹699. #cottonkurti #summerwear",
      "Handloom week special in {city}: we're showcasing weavers from Chanderi and Maheshwar. Support our artisans! #vocalforlocal #handloom",
      "Thank you {city} for 10 wonderful years! {business} started with one counter and now has three floors. #anniversary #thankyou",
      "Our trial rooms are renovated and air-conditioned now. Shop comfortably, even in May! #shopping #newlook",
    ],
    offers: [
      {
        title: "Flat 30% off on summer cottons",
        content: "Light, breezy and made in India. Flat 30% off on all cotton kurtis, shirts and dresses. #summersale #cotton",
        terms: "Valid on tagged cotton collection only, no exchange on discounted items.",
        couponCode: "COTTON30",
        callToAction: "directions",
      },
      {
        title: "Buy 3 kurtis, get 1 free",
        content: "Refresh your office wardrobe! Buy any 3 kurtis and take the fourth home free. #kurtilove #officewear",
        terms: "The lowest priced kurti will be free.",
        couponCode: "KURTI4",
        callToAction: "directions",
      },
      {
        title: "₹500 off on silk sarees above ₹5,000",
        content: "Wedding season special: flat ₹500 off on pure silk sarees priced ₹5,000 and above. #silksaree #weddingseason",
        terms: "One coupon per bill, valid on pure silk sarees only.",
        couponCode: "SILK500",
        callToAction: "directions",
      },
      {
        title: "Free blouse stitching with every saree",
        content: "Buy any saree above ₹2,500 and get the blouse stitched free by our in-house tailors. #blousestitching #sareelove",
        terms: "Standard designs only; delivery in 5 working days.",
        couponCode: "FREESTITCH",
        callToAction: "directions",
      },
    ],
  },
  Electronics: {
    updates: [
      "iPhone and Samsung screen replacement on the same day, with 3 months warranty. #phonerepair #screenreplacement",
      "Exchange your old mixer or TV for a new one. Best exchange value in {city}, guaranteed. #exchangeoffer #homeappliances",
      "Laptops for students from ₹28,990 with a free bag and mouse. EMI available on all major cards. #studentlaptop #emi",
      "Just in: 55-inch 4K smart TVs with Dolby Audio. Come see the picture quality for yourself. #smarttv #4k",
      "Power cuts in {city} this monsoon? Free inverter battery check-up at our store all week. #inverter #powerbackup",
      "Only genuine chargers and cables at {business}, no duplicates. Proper GST bill and warranty on every purchase. #genuineproducts #accessories",
      "Home installation for ACs and washing machines anywhere in {city} within 48 hours of purchase. #acinstallation #service",
      "Data recovery from dead pen drives and hard disks. Free diagnosis, pay only if we recover your data. #datarecovery #repair",
    ],
    offers: [
      {
        title: "Up to ₹5,000 off on smart TVs",
        content: "Upgrade your living room for the festive season. Up to ₹5,000 off on 43 to 65 inch smart TVs. #smarttv #festivesale",
        terms: "Discount varies by model; valid while stocks last.",
        couponCode: "SMARTTV5K",
        callToAction: "directions",
      },
      {
        title: "Free tempered glass with screen repair",
        content: "Get your cracked screen replaced and we'll put on a tempered glass for free. #phonerepair #screenguard",
        terms: "Valid on screen replacements above ₹1,500.",
        couponCode: "FREEGLASS",
        callToAction: "directions",
      },
      {
        title: "No-cost EMI on laptops",
        content: "Take home a new laptop today and pay in 6 easy instalments with zero interest. #laptop #nocostemi",
        terms: "Available on select bank credit cards, subject to bank approval.",
        couponCode: "NOCOSTEMI",
        callToAction: "directions",
      },
      {
        title: "Extra ₹1,000 exchange bonus on old ACs",
        content:
          "Summer is coming! Exchange your old AC for a new 5-star inverter AC and get ₹1,000 extra on top of the exchange value. #acexchange #summerready",
        terms: "Old AC must be in working condition and picked up from within city limits.",
        couponCode: "ACBONUS1K",
        callToAction: "call",
      },
    ],
  },
  Pharmacy: {
    updates: [
      "We are open 24x7, including Sundays and holidays. Night emergency? Call us and we'll keep your medicines ready. #24x7pharmacy #emergency",
      "Free BP and sugar check every Saturday, 9 am to 1 pm. No purchase needed. #healthcheck #diabetes",
      "Flat 15% off on generic medicines every day. Ask our pharmacist about cheaper alternatives. #genericmedicine #savings",
      "Monsoon reminder: keep ORS, paracetamol and mosquito repellent at home. Stay safe, {city}! #monsoonhealth #dengueprevention",
      "Home delivery of monthly medicines for senior citizens. Just send the prescription on WhatsApp. #seniorcare #homedelivery",
      "Diabetes care corner now open at {business}: glucometers, strips, sugar-free foods and foot care products. #diabetescare #healthyliving",
      "Flu season is here. Flu vaccines available by appointment, given by a qualified nurse. #fluvaccine #staysafe",
      "Thank you {city} for trusting us with your family's health for 18 years. #trustedpharmacy #neighbourhood",
    ],
    offers: [
      {
        title: "Flat 20% off on medicines above ₹999",
        content: "Save on your monthly medicines. Flat 20% off on bills above ₹999. #pharmacy #savings",
        terms: "Valid prescription required for prescription medicines; not valid on surgical items.",
        couponCode: "MEDS20",
        callToAction: "whatsapp",
      },
      {
        title: "Free home delivery for senior citizens",
        content:
          "Dadi-Nani don't need to step out! Free doorstep delivery of medicines for everyone above 60. #seniorcitizens #homedelivery",
        terms: "Delivery within 3 km, orders placed before 7 pm are delivered the same day.",
        couponCode: "SENIORCARE",
        callToAction: "call",
      },
      {
        title: "15% off on diabetes care products",
        content:
          "Glucometers, test strips, sugar-free sweeteners and diabetic footwear, all at 15% off this month. #diabetescare #sugarfree",
        terms: "Valid on diabetes care range only until the end of the month.",
        couponCode: "SUGARCARE",
        callToAction: "directions",
      },
      {
        title: "₹250 off on digital BP monitors",
        content:
          "Keep track of your BP at home. ₹250 off on all digital BP monitors, with a free demo at the counter. #bpmonitor #hearthealth",
        terms: "One monitor per customer, valid while stocks last.",
        couponCode: "BPCHECK250",
        callToAction: "directions",
      },
    ],
  },
  Jewellery: {
    updates: [
      "Akshaya Tritiya bookings are open. Lock today's gold rate with just 10% advance. #akshayatritiya #gold",
      "All our gold jewellery is BIS hallmarked with HUID. Ask for the certificate with every purchase. #hallmarked #trust",
      "Lightweight daily-wear chains and earrings from ₹8,500. Our most gifted pieces in {city} this season! #dailywear #giftideas",
      "Bridal collection showcase this weekend: temple jewellery, kundan and polki sets. #bridaljewellery #kundan",
      "Old gold exchange at full value on 22K jewellery. Free purity testing at the counter. #oldgold #exchange",
      "Our gold savings scheme: pay monthly for 11 months and we pay the 12th instalment. #goldscheme #savings",
      "Wedding season in {city} calls for something special. Visit {business} for custom designs made by our in-house karigars. #customjewellery #weddingseason",
      "Silver pooja items and coins are now available for Dhanteras. Pre-book to avoid the rush. #dhanteras #silver",
    ],
    offers: [
      {
        title: "Zero making charges on gold coins",
        content: "Buy 22K and 24K gold coins with zero making charges this festive season. Shubh shuruaat! #goldcoin #festiveoffer",
        terms: "Valid on coins up to 20 g; hallmarking charges apply.",
        couponCode: "GOLDCOIN",
        callToAction: "directions",
      },
      {
        title: "25% off on making charges for bridal sets",
        content: "Planning a wedding? Get 25% off on making charges on all bridal necklace sets. #bridaljewellery #shaadi",
        terms: "Valid on bridal sets above 40 g; book an appointment for a private viewing.",
        couponCode: "BRIDAL25",
        callToAction: "call",
      },
      {
        title: "Flat 10% off on silver for Dhanteras",
        content: "Silver diyas, idols, thalis and coins at flat 10% off for Dhanteras. #dhanteras #silver",
        terms: "Valid until Diwali on silver articles only, not on silver jewellery.",
        couponCode: "SILVER10",
        callToAction: "directions",
      },
      {
        title: "Free cleaning and polishing of old jewellery",
        content: "Make your old jewellery shine like new before the festive season, absolutely free. #jewellerycare #festiveready",
        terms: "Up to 3 pieces per customer; ready in 30 minutes.",
        couponCode: "SHINEFREE",
        callToAction: "directions",
      },
    ],
  },
  Education: {
    updates: [
      "Admissions open for Class 9 and 10 maths and science batches. Small groups of 15 students only. #tuition #boardexams",
      "Congratulations to our students! 12 of them scored above 95% in the CBSE boards this year. #results #proudmoment",
      "Free demo class this Saturday at 10 am. Parents are welcome to sit in. #democlass #learning",
      "Spoken English batch for college students and working professionals starts next Monday. #spokenenglish #communication",
      "Weekend coding club for kids aged 9 to 14: Scratch and Python basics. #codingforkids #stem",
      "JEE and NEET foundation batch for Class 8 students begins in June. Limited seats. #jee #neet",
      "Looking for good coaching in {city}? Let our results speak. Visit {business} and meet our faculty. #coaching #education",
      "Summer vacation workshops in {city}: abacus, handwriting and chess. 4 weeks for ₹2,500. #summercamp #kidsactivities",
    ],
    offers: [
      {
        title: "20% off on early bird admissions",
        content: "Book your child's seat before 31 March and save 20% on the full-year fee. #admissionsopen #earlybird",
        terms: "Valid on full-year fee paid in one instalment.",
        couponCode: "EARLY20",
        callToAction: "call",
      },
      {
        title: "Free demo week for new students",
        content: "Attend a full week of classes free before you decide. No pressure, no payment. #democlass #tuition",
        terms: "One demo week per student, prior registration required.",
        couponCode: "DEMOWEEK",
        callToAction: "call",
      },
      {
        title: "Sibling discount: 15% off for the second child",
        content: "Bhai-behen saath padhenge! Enrol two children and get 15% off on the second child's fee. #siblingoffer #learningtogether",
        terms: "Applies to the lower of the two fees.",
        couponCode: "SIBLING15",
        callToAction: "call",
      },
      {
        title: "Summer camp at ₹1,999",
        content: "Abacus, chess, art and coding in one fun 4-week camp. Save ₹500 when you book this week. #summercamp #kids",
        terms: "For children aged 6 to 14; seats are limited to 25 per batch.",
        couponCode: "SUMMER500",
        callToAction: "call",
      },
    ],
  },
  "Home Services": {
    updates: [
      "AC servicing season is here! Jet wash service at ₹499 per split AC. Book before the summer rush. #acservice #summerready",
      "Plumber, electrician or carpenter? One call to {business} and we'll send a verified technician within 2 hours. #homerepair #handyman",
      "Deep cleaning for a 2BHK starts at ₹3,499. Kitchen, bathrooms, sofa, everything. #deepcleaning #cleanhome",
      "Monsoon waterproofing for terraces and walls. Free site inspection anywhere in {city}. #waterproofing #monsoonprep",
      "Pest control with odourless, family-safe chemicals. 3 months warranty on cockroach treatment. #pestcontrol #safehome",
      "RO water purifier servicing and filter change from ₹799. Clean water, healthy family. #ropurifier #waterpurifier",
      "Diwali is coming! Book your full-home cleaning and painting touch-ups now, slots are filling fast. #diwalicleaning #homepainting",
      "Thank you {city} for 2,000+ happy homes served this year! #happycustomers #homeservices",
    ],
    offers: [
      {
        title: "AC jet service at ₹399",
        content: "Get your split AC jet-cleaned before summer at just ₹399. Cooler air, lower bills. #acservice #summerready",
        terms: "Price per split AC; gas refilling charged extra.",
        couponCode: "ACJET399",
        callToAction: "call",
      },
      {
        title: "20% off on 2BHK deep cleaning",
        content: "Festive-ready home in one day! 20% off on full deep cleaning for 1BHK and 2BHK homes. #deepcleaning #festiveready",
        terms: "Valid on weekday bookings made at least 2 days in advance.",
        couponCode: "CLEAN20",
        callToAction: "call",
      },
      {
        title: "Free inspection and 10% off on waterproofing",
        content: "Stop leaks before the rains. Free terrace inspection plus 10% off on waterproofing work. #waterproofing #monsoonready",
        terms: "Discount valid on jobs above ₹10,000.",
        couponCode: "WATERPRF10",
        callToAction: "call",
      },
      {
        title: "Pest control combo at ₹1,499",
        content: "Cockroach and ant treatment for your whole home at ₹1,499, with a free follow-up visit. #pestcontrol #cleanhome",
        terms: "Valid for homes up to 2BHK; 3 months service warranty.",
        couponCode: "PESTCOMBO",
        callToAction: "call",
      },
    ],
  },
};

export const DEMO_TEMPLATE_CATEGORIES: string[] = [
  "Festivals",
  "Offers & Discounts",
  "New Arrivals",
  "Greetings",
  "Announcements",
  "Events",
  "Reviews & Thanks",
  "Reminders",
  "Openings",
  "Seasonal",
];

export type DemoTemplate = {
  category: string;
  kind: "post" | "offer" | "sms";
  title: string;
  /** Placeholders as app/lib/template-fill.ts fills them; a {{#phone}}…{{/phone}} section shows only with a phone. */
  content: string;
  hashtags?: string[];
  /** Offer templates only (the table requires it there). */
  offer?: TemplateOffer;
  /** One of the festive pictures drawn at seeding (app/db/seed/template-images.server.ts). */
  image?: TemplateImageName;
  /** SMS templates only: the DLT registration ({#var#} slots in `content`, each slot's hint in order). */
  sms?: { category: SmsCategory; dltTemplateId: string; slotHints: string[] };
};

/**
 * The templates every installation starts with: what a small shop posts through the year. Titles
 * are their stable ids (seed.server.ts), so a title is never changed once shipped. The 'sms' ones
 * are the platform's DLT templates for SMS campaigns: {#var#} slots, promotional ones ending with the opt-out line.
 */
export const DEMO_TEMPLATES: DemoTemplate[] = [
  // Festivals
  {
    category: "Festivals",
    kind: "post",
    title: "Happy Diwali",
    content:
      "Wishing you and your family a very Happy Diwali! May this festival of lights bring joy, good health and prosperity to your home.\n\nVisit {{businessName}} for our festive specials.{{#phone}} Call {{phone}} to order ahead.{{/phone}}",
    hashtags: ["happydiwali", "festivaloflights", "shubhdeepavali"],
    image: "diwali",
  },
  {
    category: "Festivals",
    kind: "offer",
    title: "Diwali dhamaka offer",
    content:
      "This Diwali, light up your home and save more! {{offerTitle}} at {{businessName}}, {{city}}. Show code {{couponCode}} at the counter. Offer valid till {{validUntil}}.",
    hashtags: ["diwalioffer", "diwalisale", "shoplocal"],
    offer: {
      title: "Flat 15% off on festive shopping",
      couponCode: "DIWALI15",
      terms: "On bills above ₹999. Not valid with other offers.",
      validDays: 10,
      callToAction: "call",
    },
    image: "diwali",
  },
  {
    category: "Festivals",
    kind: "offer",
    title: "Holi colour splash offer",
    content:
      "Bura na mano, Holi hai! Celebrate the festival of colours with {{offerTitle}} at {{businessName}}. Use code {{couponCode}} till {{validUntil}}.",
    hashtags: ["happyholi", "festiveoffer"],
    offer: {
      title: "Flat 15% off on everything",
      couponCode: "HOLI15",
      terms: "One use per customer.",
      validDays: 7,
      callToAction: "call",
    },
    image: "holi",
  },
  {
    category: "Festivals",
    kind: "post",
    title: "Happy Holi wishes",
    content:
      "May your life be as colourful as the festival itself! Happy Holi from all of us at {{businessName}}. Play safe, use natural colours and save water.",
    hashtags: ["happyholi", "festivalofcolours", "safeholi"],
    image: "holi",
  },
  {
    category: "Festivals",
    kind: "post",
    title: "Eid Mubarak from us",
    content:
      "Eid Mubarak! May Allah's blessings fill your home with peace, happiness and prosperity. Warm wishes from {{name}} and the whole team at {{businessName}}.",
    hashtags: ["eidmubarak", "eid", "festivalwishes"],
    image: "eid",
  },
  {
    category: "Festivals",
    kind: "offer",
    title: "Eid festive offer",
    content:
      "Get ready for Eid with {{businessName}}! Enjoy {{offerTitle}} on festive orders. Mention code {{couponCode}} when you order.{{#phone}} WhatsApp or call {{phone}}.{{/phone}}",
    hashtags: ["eidoffer", "eidmubarak", "festiveshopping"],
    offer: {
      title: "10% off on festive orders",
      couponCode: "EID10",
      terms: "On orders above ₹1,000. Pre-orders welcome.",
      validDays: 7,
      callToAction: "whatsapp",
    },
  },
  {
    category: "Festivals",
    kind: "post",
    title: "Pongal and Sankranti wishes",
    content:
      "Happy Pongal and Makar Sankranti! May the harvest season bring sweetness, health and abundance to every home in {{city}}. With warm wishes from {{businessName}}.",
    hashtags: ["happypongal", "makarsankranti", "harvestfestival"],
    image: "pongal",
  },
  {
    category: "Festivals",
    kind: "post",
    title: "Happy Onam wishes",
    content:
      "Onashamsakal! May Maveli bring prosperity, happiness and a grand sadhya to your home. Happy Onam from {{businessName}}, {{city}}.",
    hashtags: ["happyonam", "onam", "onashamsakal"],
    image: "onam",
  },
  {
    category: "Festivals",
    kind: "offer",
    title: "Onam festive offer",
    content:
      "Celebrate Onam with {{businessName}}! {{offerTitle}} for the festive days. Quote {{couponCode}} at billing. Till {{validUntil}} only.",
    hashtags: ["onamoffer", "happyonam", "shoplocal"],
    offer: {
      title: "Flat 12% off for Onam",
      couponCode: "ONAM12",
      terms: "Not valid on already discounted items.",
      validDays: 10,
      callToAction: "directions",
    },
    image: "onam",
  },
  {
    category: "Festivals",
    kind: "post",
    title: "Merry Christmas",
    content:
      "Merry Christmas! May your home be filled with love, laughter and plenty of plum cake. Season's greetings from all of us at {{businessName}}.",
    hashtags: ["merrychristmas", "christmas", "seasonsgreetings"],
    image: "christmas",
  },
  {
    category: "Festivals",
    kind: "offer",
    title: "Raksha Bandhan gift offer",
    content:
      "Make this Raksha Bandhan extra special. Pick a gift for your sibling at {{businessName}} and get {{offerTitle}}. Use code {{couponCode}} till {{validUntil}}.",
    hashtags: ["rakshabandhan", "rakhigifts", "rakhi"],
    offer: {
      title: "10% off on gifts and hampers",
      couponCode: "RAKHI10",
      terms: "On purchases above ₹499.",
      validDays: 7,
      callToAction: "call",
    },
  },
  {
    category: "Festivals",
    kind: "post",
    title: "Ganesh Chaturthi wishes",
    content:
      "Ganpati Bappa Morya! May Lord Ganesha remove every obstacle from your path and bless your family with wisdom and happiness. Happy Ganesh Chaturthi from {{businessName}}.",
    hashtags: ["ganeshchaturthi", "ganpatibappamorya"],
  },
  {
    category: "Festivals",
    kind: "offer",
    title: "Navratri festive offer",
    content:
      "Nine nights of garba, colour and celebration! Get ready with {{businessName}}: {{offerTitle}} all through Navratri. Code {{couponCode}}, valid till {{validUntil}}.",
    hashtags: ["navratri", "garbanight", "dussehra"],
    offer: {
      title: "9% off through Navratri",
      couponCode: "NAVRATRI9",
      terms: "One use per customer per day.",
      validDays: 9,
      callToAction: "directions",
    },
  },
  {
    category: "Festivals",
    kind: "post",
    title: "Ugadi and Gudi Padwa wishes",
    content:
      "Happy Ugadi and Gudi Padwa! As the new year begins, we wish you fresh starts, good health and success in everything you do. With thanks, {{businessName}}.",
    hashtags: ["ugadi", "gudipadwa", "newbeginnings"],
  },

  // Offers & Discounts
  {
    category: "Offers & Discounts",
    kind: "offer",
    title: "Weekend sale",
    content:
      "This weekend only: {{offerTitle}} at {{businessName}}. Limited stock, so come early!{{#address}} Find us at {{address}}.{{/address}}",
    hashtags: ["weekendsale", "localdeals"],
    offer: {
      title: "Flat 20% off on selected items",
      couponCode: "WEEKEND20",
      terms: "Saturday and Sunday only, while stocks last.",
      validDays: 2,
      callToAction: "directions",
    },
  },
  {
    category: "Offers & Discounts",
    kind: "offer",
    title: "Buy one, get one",
    content: "Double the joy! {{offerTitle}} all week at {{businessName}}. Bring a friend along and share the savings.",
    hashtags: ["bogo", "offeroftheweek"],
    offer: {
      title: "Buy one, get one free on selected items",
      couponCode: null,
      terms: "The free item is of equal or lower value.",
      validDays: 7,
      callToAction: "directions",
    },
  },
  {
    category: "Offers & Discounts",
    kind: "offer",
    title: "First visit discount",
    content:
      "New in {{city}} or visiting us for the first time? Welcome! Enjoy {{offerTitle}} at {{businessName}}. Just show this post and the code {{couponCode}}.",
    hashtags: ["newcustomer", "welcomeoffer", "supportlocal"],
    offer: {
      title: "10% off on your first purchase",
      couponCode: "HELLO10",
      terms: "For first-time customers only.",
      validDays: 30,
      callToAction: "directions",
    },
  },
  {
    category: "Offers & Discounts",
    kind: "offer",
    title: "Month-end savings",
    content: "Salary not in yet? We've got you covered. {{offerTitle}} at {{businessName}} till {{validUntil}}. Code: {{couponCode}}.",
    hashtags: ["monthendsale", "savemore"],
    offer: {
      title: "₹100 off on bills above ₹999",
      couponCode: "MONTHEND100",
      terms: "One use per customer.",
      validDays: 5,
      callToAction: "call",
    },
  },
  {
    category: "Offers & Discounts",
    kind: "offer",
    title: "Combo deal of the week",
    content:
      "Why choose one when you can have both? This week at {{businessName}}: {{offerTitle}}. Ask for the combo at the counter.{{#phone}} Orders on {{phone}}.{{/phone}}",
    hashtags: ["combooffer", "valueformoney"],
    offer: {
      title: "Combo packs at special prices",
      couponCode: null,
      terms: "Combos as listed in store.",
      validDays: 7,
      callToAction: "call",
    },
  },
  {
    category: "Offers & Discounts",
    kind: "offer",
    title: "Refer a friend",
    content:
      "Happy with {{businessName}}? Tell a friend! When they visit and mention your name, you both get {{offerTitle}}. Code {{couponCode}}.",
    hashtags: ["referafriend", "sharethelove"],
    offer: {
      title: "₹150 off for you and your friend",
      couponCode: "FRIEND150",
      terms: "The friend must be a new customer. On bills above ₹750.",
      validDays: 30,
      callToAction: "whatsapp",
    },
  },
  {
    category: "Offers & Discounts",
    kind: "offer",
    title: "Clearance sale",
    content:
      "Clearance sale at {{businessName}}! Making room for new stock: {{offerTitle}}. Once it's gone, it's gone. Ends {{validUntil}}.",
    hashtags: ["clearancesale", "stockclearance", "bigsavings"],
    offer: {
      title: "Up to 40% off on last season's stock",
      couponCode: null,
      terms: "No exchange on clearance items.",
      validDays: 10,
      callToAction: "directions",
    },
  },

  // New Arrivals
  {
    category: "New Arrivals",
    kind: "post",
    title: "Fresh stock just in",
    content:
      "New stock has just arrived at {{businessName}}! Come by and be the first to see what's new this season.{{#phone}} Call {{phone}} to check availability.{{/phone}}",
    hashtags: ["newarrivals", "justlanded"],
  },
  {
    category: "New Arrivals",
    kind: "offer",
    title: "Launch offer on the new range",
    content: "Celebrate our new range with {{offerTitle}} at {{businessName}}. Use code {{couponCode}} before {{validUntil}}.",
    hashtags: ["launchoffer", "newarrivals"],
    offer: {
      title: "Introductory 10% off for the first 50 customers",
      couponCode: "NEW10",
      terms: "Only for the first 50 customers.",
      validDays: 14,
      callToAction: "call",
    },
  },
  {
    category: "New Arrivals",
    kind: "post",
    title: "New season collection",
    content:
      "The new season's collection is here! Fresh designs, new colours and the latest styles, now at {{businessName}}, {{city}}. Drop in for a look, no obligation to buy.",
    hashtags: ["newcollection", "newseason", "latestdesigns"],
  },
  {
    category: "New Arrivals",
    kind: "post",
    title: "Back in stock",
    content:
      "You asked, we listened: our bestsellers are back in stock at {{businessName}}! They went fast last time, so visit soon.{{#phone}} Call {{phone}} to keep one aside.{{/phone}}",
    hashtags: ["backinstock", "bestseller"],
  },
  {
    category: "New Arrivals",
    kind: "post",
    title: "Festive collection is here",
    content:
      "Our festive collection has arrived! Everything you need for the celebrations, under one roof at {{businessName}}. Shop early for the best choice.",
    hashtags: ["festivecollection", "festiveshopping", "newarrivals"],
  },

  // Greetings
  {
    category: "Greetings",
    kind: "post",
    title: "Happy Independence Day",
    content:
      "Happy Independence Day! Proud to serve our neighbourhood in {{city}} and to be part of a free, growing India. Jai Hind! — {{businessName}}",
    hashtags: ["independenceday", "vocalforlocal", "jaihind"],
    image: "independence",
  },
  {
    category: "Greetings",
    kind: "post",
    title: "Happy Republic Day",
    content:
      "Happy Republic Day! Let us celebrate the spirit of our Constitution and the unity of our country. Warm wishes from {{businessName}}, {{city}}.",
    hashtags: ["republicday", "26january", "proudindian"],
    image: "independence",
  },
  {
    category: "Greetings",
    kind: "post",
    title: "Happy New Year",
    content:
      "Happy New Year! Thank you for making last year so special for {{businessName}}. We look forward to serving you again in the year ahead. — {{name}} and team",
    hashtags: ["happynewyear", "newyear", "thankyou"],
    image: "new-year",
  },
  {
    category: "Greetings",
    kind: "offer",
    title: "Christmas and New Year special",
    content:
      "Merry Christmas and a Happy New Year! Enjoy {{offerTitle}} at {{businessName}} through the holidays. Code {{couponCode}}, till {{validUntil}}.",
    hashtags: ["merrychristmas", "newyearoffer"],
    offer: {
      title: "12% off through the holidays",
      couponCode: "XMAS12",
      terms: "Not valid with other offers.",
      validDays: 9,
      callToAction: "call",
    },
    image: "christmas",
  },
  {
    category: "Greetings",
    kind: "offer",
    title: "Mother's Day special",
    content:
      "To the women who do it all: Happy Mother's Day! Treat your mother to something special from {{businessName}} with {{offerTitle}}. Code {{couponCode}}.",
    hashtags: ["mothersday", "loveyoumaa", "giftsformom"],
    offer: {
      title: "15% off on gifts for mothers",
      couponCode: "MAA15",
      terms: "Valid this weekend only.",
      validDays: 3,
      callToAction: "call",
    },
  },

  // Announcements
  {
    category: "Announcements",
    kind: "post",
    title: "New store timings",
    content: "Good news! {{businessName}} is now open from 8 am to 10 pm, all 7 days of the week. See you soon!",
    hashtags: ["newtimings", "openlate"],
  },
  {
    category: "Announcements",
    kind: "post",
    title: "Now delivering to your doorstep",
    content:
      "We now offer home delivery within 3 km of {{businessName}}! Place your order{{#phone}} on {{phone}} (call or WhatsApp){{/phone}} and we'll bring it to your door.",
    hashtags: ["homedelivery", "neighbourhood"],
  },
  {
    category: "Announcements",
    kind: "post",
    title: "Open on the festival days",
    content:
      "Festival shopping left for the last minute? Don't worry, {{businessName}} stays open through the festival days, with extended hours in the evening. Happy celebrations!",
    hashtags: ["openonholidays", "festiveseason"],
  },
  {
    category: "Announcements",
    kind: "post",
    title: "Closed tomorrow",
    content:
      "Please note: {{businessName}} will be closed tomorrow. We will be back at our usual time the day after. Sorry for the trouble, and thank you for understanding!",
    hashtags: ["storeclosed", "holiday"],
  },
  {
    category: "Announcements",
    kind: "post",
    title: "Now accepting UPI",
    content: "Pay the easy way! {{businessName}} now accepts all UPI apps, cards and cash. Just scan the QR code at the counter.",
    hashtags: ["upi", "digitalindia", "cashless"],
  },
  {
    category: "Announcements",
    kind: "post",
    title: "We are hiring",
    content:
      "We are hiring! {{businessName}} in {{city}} is looking for a friendly, hard-working person to join our team. Freshers welcome. Walk in with your details{{#phone}} or call {{phone}}{{/phone}}.",
    hashtags: ["hiring", "jobs", "localjobs"],
  },

  // Openings
  {
    category: "Openings",
    kind: "offer",
    title: "Grand opening offer",
    content:
      "We're open! Celebrate the grand opening of {{businessName}} in {{city}} with {{offerTitle}} and a small gift for every visitor.{{#address}} Come see us at {{address}}.{{/address}}",
    hashtags: ["grandopening", "newinthearea"],
    offer: {
      title: "20% off on your first purchase",
      couponCode: "OPENING20",
      terms: "Opening week only.",
      validDays: 7,
      callToAction: "directions",
    },
    image: "opening",
  },
  {
    category: "Openings",
    kind: "post",
    title: "We are now open",
    content:
      "The wait is over! {{businessName}} is now open in {{city}}.{{#address}} Find us at {{address}}.{{/address}} Drop in, say hello and see what we have for you.",
    hashtags: ["nowopen", "newshop", "supportlocal"],
    image: "opening",
  },
  {
    category: "Openings",
    kind: "post",
    title: "Our new branch",
    content:
      "We are growing, thanks to you! {{businessName}} has opened a new branch{{#address}} at {{address}}{{/address}}. Same quality, same friendly service, now closer to you.",
    hashtags: ["newbranch", "nowopen"],
  },
  {
    category: "Openings",
    kind: "offer",
    title: "Anniversary celebration",
    content:
      "Another year of serving {{city}}! To celebrate the anniversary of {{businessName}}, we're offering {{offerTitle}}. Thank you for being with us. Code {{couponCode}}.",
    hashtags: ["anniversary", "thankyou", "celebration"],
    offer: {
      title: "Anniversary special: 15% off storewide",
      couponCode: "ANNIV15",
      terms: "Anniversary week only.",
      validDays: 7,
      callToAction: "call",
    },
  },
  {
    category: "Openings",
    kind: "post",
    title: "Reopened after renovation",
    content:
      "We're back, and better than ever! {{businessName}} has reopened after renovation with more space and a fresh new look. Come and see the new place.",
    hashtags: ["reopened", "newlook"],
  },

  // Events
  {
    category: "Events",
    kind: "post",
    title: "Pongal celebration at our store",
    content:
      "Join us for Pongal celebrations this Sunday at {{businessName}}! Kolam contest, sweet pongal for every visitor and festive offers all day.",
    hashtags: ["happypongal", "celebration"],
    image: "pongal",
  },
  {
    category: "Events",
    kind: "post",
    title: "Free health check-up camp",
    content:
      "Free health check-up camp at {{businessName}} this Sunday, 9 am to 1 pm: blood pressure, blood sugar and BMI checks. No appointment needed, bring your family!",
    hashtags: ["healthcamp", "freecheckup", "healthylife"],
  },
  {
    category: "Events",
    kind: "post",
    title: "Weekend workshop",
    content:
      "Learn something new this weekend! {{businessName}} is hosting a free hands-on workshop on Saturday at 4 pm. Seats are limited.{{#phone}} Book yours on {{phone}}.{{/phone}}",
    hashtags: ["workshop", "learnsomethingnew", "weekend"],
  },
  {
    category: "Events",
    kind: "post",
    title: "Kids' drawing competition",
    content:
      "Calling all little artists! Drawing competition for children aged 5 to 12 at {{businessName}} this Sunday at 11 am. Prizes for the best three and a treat for every child.",
    hashtags: ["drawingcompetition", "kidsevent", "littleartists"],
  },

  // Reviews & Thanks
  {
    category: "Reviews & Thanks",
    kind: "post",
    title: "Thank you for 1,000 customers",
    content:
      "We just served our 1,000th happy customer! Thank you for your love and support, it means the world to us at {{businessName}}.",
    hashtags: ["thankyou", "milestone"],
  },
  {
    category: "Reviews & Thanks",
    kind: "post",
    title: "Share your review",
    content:
      "Loved your visit? A short review helps other neighbours find us and helps a small business like {{businessName}} grow. Dhanyavaad!",
    hashtags: ["reviews", "supportlocal"],
  },
  {
    category: "Reviews & Thanks",
    kind: "post",
    title: "Thank you, regulars",
    content:
      "A big thank you to every regular who walks into {{businessName}} with a smile. You are the reason we open our shutters every morning. — {{name}}",
    hashtags: ["thankyou", "loyalcustomers", "community"],
  },

  // Reminders
  {
    category: "Reminders",
    kind: "post",
    title: "Festive pre-order reminder",
    content:
      "Festivals are around the corner! Pre-book your orders at {{businessName}} now to avoid the last-minute rush.{{#phone}} Call {{phone}} to book.{{/phone}}",
    hashtags: ["preorder", "festiveseason"],
  },
  {
    category: "Reminders",
    kind: "post",
    title: "Offer ends today",
    content: "Last chance! Our special offer at {{businessName}} ends today. Drop in before closing time so you don't miss out.",
    hashtags: ["lastchance", "endstoday"],
  },
  {
    category: "Reminders",
    kind: "post",
    title: "Book your slot",
    content:
      "Weekends fill up fast at {{businessName}}! Book your slot in advance and skip the wait.{{#phone}} Call or WhatsApp {{phone}}.{{/phone}}",
    hashtags: ["bookyourslot", "noqueue"],
  },

  // Seasonal
  {
    category: "Seasonal",
    kind: "offer",
    title: "Monsoon special",
    content:
      "Rainy day? We've got you covered! {{offerTitle}} at {{businessName}} this monsoon. Stay dry, and show code {{couponCode}} when you visit.",
    hashtags: ["monsoon", "monsoonoffer", "rainyday"],
    offer: {
      title: "10% off on monsoon essentials",
      couponCode: "RAIN10",
      terms: "On monsoon range items only.",
      validDays: 14,
      callToAction: "call",
    },
  },
  {
    category: "Seasonal",
    kind: "post",
    title: "Summer coolers",
    content: "Beat the heat in {{city}}! Our summer range is in at {{businessName}}: cool, fresh and just what you need this season.",
    hashtags: ["summer", "beattheheat", "staycool"],
  },
  {
    category: "Seasonal",
    kind: "post",
    title: "Winter warmers",
    content: "Winter is here! Stay warm and cosy with the winter range at {{businessName}}. Come early for the best picks.",
    hashtags: ["winter", "staywarm", "winterspecial"],
  },
  {
    category: "Seasonal",
    kind: "offer",
    title: "Back to school",
    content:
      "New school year, new beginnings! Get everything your child needs at {{businessName}} and enjoy {{offerTitle}}. Code {{couponCode}}, till {{validUntil}}.",
    hashtags: ["backtoschool", "schoolessentials"],
    offer: {
      title: "10% off on school essentials",
      couponCode: "SCHOOL10",
      terms: "Show a school ID card.",
      validDays: 21,
      callToAction: "directions",
    },
  },
  {
    category: "Seasonal",
    kind: "post",
    title: "Wedding season specials",
    content:
      "Shaadi season is here! From gifts to last-minute shopping, {{businessName}} has you covered for every wedding in the family.{{#phone}} Bulk orders: {{phone}}.{{/phone}}",
    hashtags: ["weddingseason", "shaadi", "bulkorders"],
  },

  // SMS campaigns: DLT templates under the platform's header; {#var#} slots are filled per message
  {
    category: "Festivals",
    kind: "sms",
    title: "Eid Mubarak",
    content:
      "Eid Mubarak, {#var#}! Celebrate with special festive offers at {#var#} this week. We look forward to seeing you. Reply STOP to opt out.",
    sms: { category: "promotional", dltTemplateId: "1107172600000000001", slotHints: ["Customer name", "Business name"] },
  },
  {
    category: "Offers & Discounts",
    kind: "sms",
    title: "Flash sale alert",
    content:
      "Hi {#var#}, flash sale at {#var#} today only! Flat {#var#} off till 9 pm. Show this SMS at the counter. Reply STOP to opt out.",
    sms: {
      category: "promotional",
      dltTemplateId: "1107172600000000002",
      slotHints: ["Customer name", "Business name", "Discount (e.g. 25%)"],
    },
  },
  {
    category: "New Arrivals",
    kind: "sms",
    title: "New collection SMS",
    content: "Hi {#var#}, our new collection is here! Visit {#var#} this week for a first look before it sells out. Reply STOP to opt out.",
    sms: { category: "promotional", dltTemplateId: "1107172600000000003", slotHints: ["Customer name", "Business name"] },
  },
  {
    category: "Greetings",
    kind: "sms",
    title: "Onam wishes",
    content:
      "Happy Onam, {#var#}! Wishing you a joyful sadhya and a prosperous year ahead. Warm wishes from all of us at {#var#}. Reply STOP to opt out.",
    sms: { category: "promotional", dltTemplateId: "1107172600000000004", slotHints: ["Customer name", "Business name"] },
  },
  {
    category: "Announcements",
    kind: "sms",
    title: "We have moved",
    content:
      "Hi {#var#}, {#var#} has moved to a bigger space just down the road! Same team, more to offer. Call us for directions. Reply STOP to opt out.",
    sms: { category: "promotional", dltTemplateId: "1107172600000000005", slotHints: ["Customer name", "Business name"] },
  },
  {
    category: "Events",
    kind: "sms",
    title: "Event invitation",
    content: "Hi {#var#}, you're invited to a special event at {#var#} this {#var#} from 5 pm. Snacks on us! Reply STOP to opt out.",
    sms: {
      category: "promotional",
      dltTemplateId: "1107172600000000006",
      slotHints: ["Customer name", "Business name", "Day (e.g. Saturday)"],
    },
  },
  {
    category: "Reviews & Thanks",
    kind: "sms",
    title: "Thank you for visiting",
    content: "Thank you for visiting {#var#}, {#var#}! We hope to see you again soon. Reply with any feedback, we read every message.",
    sms: { category: "service", dltTemplateId: "1107172600000000007", slotHints: ["Business name", "Customer name"] },
  },
  {
    category: "Reminders",
    kind: "sms",
    title: "Appointment reminder",
    content: "Hi {#var#}, a reminder of your appointment at {#var#} on {#var#}. Please call us if you need to reschedule.",
    sms: { category: "service", dltTemplateId: "1107172600000000008", slotHints: ["Customer name", "Business name", "Day and time"] },
  },
  {
    category: "Reminders",
    kind: "sms",
    title: "Offer ending soon",
    content: "Hi {#var#}, last 2 days of our special offer at {#var#}! Don't miss out. Visit us before {#var#}. Reply STOP to opt out.",
    sms: {
      category: "promotional",
      dltTemplateId: "1107172600000000009",
      slotHints: ["Customer name", "Business name", "Day (e.g. Sunday)"],
    },
  },
  {
    category: "Announcements",
    kind: "sms",
    title: "Order ready for pickup",
    content: "Hi {#var#}, your order from {#var#} is ready for pickup. Order ref {#var#}. Please bring this SMS with you.",
    sms: { category: "service", dltTemplateId: "1107172600000000010", slotHints: ["Customer name", "Business name", "Order reference"] },
  },
  {
    category: "Festivals",
    kind: "sms",
    title: "Diwali offer SMS",
    content: "Happy Diwali, {#var#}! {#var#} brings you festive prices on {#var#} all week. Visit us today. Reply STOP to opt out.",
    sms: {
      category: "promotional",
      dltTemplateId: "1107172600000000011",
      slotHints: ["Customer name", "Business name", "What is on offer"],
    },
  },
];

export type DemoCardDesign = { name: string; layout: BusinessCardLayout };

/** The card designs every installation starts with: each of the four layouts at least once. */
export const DEMO_CARD_DESIGNS: DemoCardDesign[] = [
  { name: "Classic Ivory", layout: { style: "classic", background: "#FFF8E7", foreground: "#2B2118", accent: "#B4400C", font: "serif" } },
  { name: "Midnight Gold", layout: { style: "bold", background: "#111827", foreground: "#F9FAFB", accent: "#D4AF37", font: "serif" } },
  { name: "Saffron Fresh", layout: { style: "festive", background: "#FFF3E0", foreground: "#3E2723", accent: "#C2410C", font: "display" } },
  { name: "Peacock Teal", layout: { style: "bold", background: "#FFFFFF", foreground: "#0F172A", accent: "#0F4C5C", font: "sans" } },
  { name: "Minimal Mono", layout: { style: "minimal", background: "#FFFFFF", foreground: "#1F2937", accent: "#2563EB", font: "sans" } },
  { name: "Rose Blush", layout: { style: "classic", background: "#FDF2F4", foreground: "#4A1D2C", accent: "#BE185D", font: "serif" } },
  { name: "Diwali Maroon", layout: { style: "festive", background: "#5B0E2D", foreground: "#FFF7E6", accent: "#F4B400", font: "display" } },
];

export const DEMO_PAGES: Record<"terms" | "privacy" | "about" | "contact", { title: string; body: string }> = {
  terms: {
    title: "Terms of Service",
    body: [
      "These Terms of Service (the Terms) govern your use of iSent, a hyperlocal business promotion platform operated by iSent Technologies Private Limited, Bengaluru, India (iSent, we, us or our). By creating an account, publishing a post or offer, or sending an SMS campaign through iSent, you agree to these Terms. If you are using iSent on behalf of a business, you confirm that you are authorised to accept these Terms for that business.",
      "## 1. Accounts",
      "You must be at least 18 years old and able to enter into a binding contract under Indian law to register a business account. You agree to give us accurate information about yourself and your business, including your name, business name, mobile number, address and, where applicable, your GSTIN, and to keep it up to date.",
      "You are responsible for keeping your login details and one-time passwords confidential and for all activity that happens under your account. Please tell us immediately at support@isent.example.in if you suspect unauthorised access. We may ask you to verify your mobile number, business address or identity before certain features, such as SMS campaigns, are enabled.",
      "## 2. Credits, balance and pricing",
      "Some features of iSent are paid. Publishing boosted posts and offers and sending SMS messages use credits from your account balance. Current prices for credits, plans and per-message SMS charges are shown on our Pricing page and inside your dashboard before you confirm any purchase or campaign.",
      "You can top up your balance using the payment methods we make available, such as UPI, cards and net banking, processed by our payment partners. All prices are in Indian Rupees and are exclusive of GST unless stated otherwise; a GST invoice is issued for every top-up. Credits are deducted when a post is published or when an SMS is submitted for delivery, and are not refunded for messages that fail because of incorrect numbers, DND preferences or operator rejections.",
      "Unused balance does not earn interest and cannot be transferred to another account or exchanged for cash, except where required by law or where we close your account without cause. We may change prices with at least 15 days' notice; changes will not affect credits you have already purchased.",
      "## 3. Content rules for posts and offers",
      "You own the content you publish on iSent, including text, images, logos and coupon codes. By publishing it, you grant us a non-exclusive, royalty-free licence to host, display, distribute and promote that content to people near your business and on iSent channels for as long as it is live on the platform.",
      "Your posts and offers must be truthful and must not mislead customers. Offers must clearly state the discount, the validity period and any important conditions, and you must honour every coupon code you publish for the stated period. You must not publish content that is defamatory, obscene, hateful, communally sensitive, infringes someone else's intellectual property, promotes illegal products or services, or violates the Consumer Protection Act, 2019 or advertising guidelines of the Advertising Standards Council of India.",
      "We may review, refuse, edit for formatting, or remove any post or offer that we reasonably believe breaks these rules, and we may do so without prior notice where there is a risk of harm to users.",
      "## 4. SMS campaigns, DLT and consent",
      "SMS campaigns on iSent are sent through licensed telecom operators and must comply with the Telecom Commercial Communications Customer Preference Regulations, 2018 issued by TRAI, including registration on the Distributed Ledger Technology (DLT) platform. Message headers (sender IDs) and templates must be registered and approved on DLT before they can be used, and messages must match an approved template.",
      "You may send promotional SMS only to people who have given you clear, verifiable consent to receive messages from your business, for example by signing up at your counter or opting in on your website. You must keep a record of that consent and share it with us or the operator on request. Promotional messages are delivered only between 10 am and 9 pm and will not be delivered to numbers registered on the National Customer Preference Register unless the recipient has consented to your business.",
      "Every promotional message must identify your business and give recipients a simple way to opt out. When someone opts out, including by replying STOP, we will stop sending them messages from your account, and you must not re-add them without fresh consent. Repeated complaints about your messages may lead to suspension of your SMS access.",
      "## 5. Prohibited use",
      "You must not use iSent to send spam or unsolicited messages, to impersonate another person or business, to collect personal data of visitors without a lawful basis, to upload malware, to scrape or copy the platform, to attempt to access accounts or systems that are not yours, or to interfere with the normal working of the service. You must not use iSent to promote gambling, tobacco, alcohol where prohibited, prescription drugs without authorisation, financial schemes promising guaranteed returns, or any product or service that is illegal in India.",
      "## 6. Suspension and termination",
      "You may close your account at any time from your settings or by writing to us. We may suspend or terminate your account, or restrict particular features, if you breach these Terms, if we are required to do so by law or by a telecom operator or regulator, or if your use creates risk or legal exposure for iSent or other users. Where reasonable, we will give you notice and an opportunity to fix the problem first.",
      "On closure, your published posts and offers will be taken down. If we close your account without cause, we will refund any unused paid balance. If we close it because you breached these Terms, unused balance may be forfeited to the extent permitted by law.",
      "## 7. Limitation of liability",
      "iSent is provided on an as-is and as-available basis. We work hard to keep the service running, but we do not guarantee that it will be uninterrupted, error-free, or that any post, offer or SMS campaign will produce a particular number of views, visits or sales. SMS delivery depends on telecom operators and is outside our full control.",
      "To the maximum extent permitted by law, iSent will not be liable for any indirect, incidental or consequential loss, including loss of profits, business or goodwill. Our total liability for any claim relating to the service is limited to the amount you paid to iSent in the three months before the event giving rise to the claim. You agree to indemnify iSent against claims arising from your content, your offers, or your SMS campaigns.",
      "## 8. Governing law and disputes",
      "These Terms are governed by the laws of India. Subject to any mandatory consumer protection rights you may have, the courts at Bengaluru, Karnataka shall have exclusive jurisdiction over any dispute arising out of or relating to these Terms or your use of iSent. We encourage you to contact our support team or Grievance Officer first, and we will try in good faith to resolve the issue informally.",
      "## 9. Changes to these Terms",
      "We may update these Terms from time to time, for example when we launch new features or when the law changes. We will post the updated Terms on this page with a new date and, for material changes, notify you by email or in your dashboard at least 15 days before they take effect. Continuing to use iSent after that date means you accept the updated Terms.",
      "## 10. Contact",
      "If you have any questions about these Terms, write to us at support@isent.example.in or call +91 80 4000 1234, Monday to Saturday, 9:30 am to 6:30 pm IST. Our registered office is iSent Technologies Private Limited, 3rd Floor, 42 Residency Road, Ashok Nagar, Bengaluru, Karnataka 560025.",
    ].join("\n\n"),
  },
  privacy: {
    title: "Privacy Policy",
    body: [
      "This Privacy Policy explains how iSent Technologies Private Limited (iSent, we, us or our) collects, uses and protects personal data when you use the iSent website and app, whether you are a business owner promoting your shop or a visitor browsing posts and offers near you. We process personal data in accordance with the Digital Personal Data Protection Act, 2023 (DPDP Act) and other applicable Indian laws.",
      "## 1. What we collect",
      "From business owners: your name, business name, email address, mobile number, business address, business category, GSTIN if provided, payment and invoice records, the posts, offers and templates you create, and the contact lists you upload for SMS campaigns along with the consent records for those contacts.",
      "From visitors: we do not require visitors to create an account. To show relevant nearby businesses and to count views fairly, we set an anonymous visitor ID in a cookie on your browser. With your permission, we use your device's location to work out an approximate location, rounded to the neighbourhood level; we do not store your precise GPS coordinates. If you claim a coupon or contact a business, we record that interaction against the anonymous visitor ID.",
      "From everyone: technical data such as IP address, browser type, device type, pages viewed and the date and time of requests, which we use to run and secure the service.",
      "## 2. How we use your data",
      "We use personal data to create and manage business accounts; to show posts and offers to visitors near a business; to send SMS campaigns on a business's instructions; to process payments and issue GST invoices; to show businesses aggregated, anonymised statistics such as views and coupon claims; to prevent fraud, spam and abuse; to provide customer support; and to comply with legal obligations, including telecom regulations and tax laws. We do not sell personal data, and we do not use visitor data to build advertising profiles.",
      "## 3. Sharing",
      "We share personal data only where necessary: with telecom operators and DLT-registered SMS service providers to deliver SMS messages; with payment gateways to process payments; with cloud hosting, email and analytics providers who process data on our behalf under contract; and with government authorities or courts where required by law. Business names, addresses and published content are public by design, because the purpose of iSent is to help businesses reach people nearby. We never share a visitor's identity with a business unless the visitor chooses to contact that business.",
      "## 4. Retention",
      "We keep business account data for as long as the account is active and for up to 8 years after closure where required for tax and accounting records. SMS delivery logs and consent records are kept for the period required under TRAI regulations. Anonymous visitor IDs and their interaction history are deleted or anonymised after 13 months of inactivity. Technical logs are kept for up to 180 days.",
      "## 5. Security",
      "We protect data with encryption in transit (HTTPS), encrypted backups, access controls limited to staff who need them, and regular security reviews. No system is completely secure, but if a personal data breach occurs we will notify the Data Protection Board of India and affected users as required by the DPDP Act.",
      "## 6. Your rights under the DPDP Act, 2023",
      "You have the right to access a summary of the personal data we process about you, to ask us to correct, complete or update it, to ask us to erase it where it is no longer needed, to withdraw consent at any time (withdrawal does not affect processing already done), to nominate another person to exercise your rights in case of death or incapacity, and to have your grievances addressed by us. If you are not satisfied with our response, you may complain to the Data Protection Board of India.",
      "Business owners can update most details directly from their dashboard. Visitors can clear their anonymous visitor ID at any time by clearing cookies in their browser. To exercise any other right, write to privacy@isent.example.in and we will respond within 30 days.",
      "## 7. Cookies",
      "We use a small number of cookies. Essential cookies keep you signed in and protect forms from misuse. The anonymous visitor ID cookie lets us show nearby offers, remember coupons you have claimed and avoid counting the same view twice. Preference cookies remember choices such as your selected city. We do not use third-party advertising cookies. You can block or delete cookies in your browser settings, though some features may then stop working.",
      "## 8. Contact and Grievance Officer",
      "For questions about this policy or your personal data, contact our Grievance Officer, Meera Nair, at grievance@isent.example.in or +91 80 4000 1250, or write to iSent Technologies Private Limited, 3rd Floor, 42 Residency Road, Ashok Nagar, Bengaluru, Karnataka 560025. We acknowledge grievances within 48 hours and aim to resolve them within 30 days.",
    ].join("\n\n"),
  },
  about: {
    title: "About iSent",
    body: [
      "iSent helps local businesses in India reach the people who are closest to them. Whether you run a tiffin centre in Basavanagudi, a kirana store in Malviya Nagar or a salon in Banjara Hills, your best customers live and work within a few kilometres of your shop. iSent puts your updates and offers in front of exactly those people.",
      "With iSent, a shop owner can publish a post or an offer in under a minute from a phone, choose a ready-made template for Diwali, Eid or a weekend sale, and send an SMS to customers who have opted in to hear from them. Visitors nearby see what's new in their neighbourhood, claim coupons and walk in, without downloading yet another app.",
      "We started iSent in Bengaluru in 2024 after watching small business owners spend money on broad online advertising that mostly reached people in other cities. We believe neighbourhood businesses deserve simple, affordable tools that respect their customers' privacy, follow India's SMS and data protection rules, and charge only for what is actually used.",
      "Today iSent supports restaurants, cafes, bakeries, grocery stores, salons, gyms, clothing and jewellery stores, pharmacies, coaching centres and home service providers across cities like Bengaluru, Mumbai, Delhi, Pune, Jaipur, Kochi, Hyderabad and Chennai. We are a small team, and we read every message our users send us. If you have an idea that would help your business, we would love to hear it.",
    ].join("\n\n"),
  },
  contact: {
    title: "Contact Us",
    body: [
      "We are here to help business owners and visitors with any question about iSent, from setting up your first offer to registering your SMS templates on DLT.",
      "## Support",
      "Email: support@isent.example.in",
      "Phone: +91 80 4000 1234",
      "We reply to most emails within one working day. For questions about a payment or an invoice, please include your registered mobile number and the transaction ID.",
      "## Business hours",
      "Monday to Saturday, 9:30 am to 6:30 pm IST. Closed on Sundays and national holidays. Messages received outside business hours are answered on the next working day.",
      "## Office address",
      "iSent Technologies Private Limited, 3rd Floor, 42 Residency Road, Ashok Nagar, Bengaluru, Karnataka 560025, India.",
      "## Grievance Officer",
      "In accordance with the Information Technology Act, 2000, the rules made under it, and the Digital Personal Data Protection Act, 2023, our Grievance Officer is Meera Nair. Email: grievance@isent.example.in. Phone: +91 80 4000 1250 (Monday to Friday, 10 am to 5 pm IST). Complaints are acknowledged within 48 hours and resolved within 30 days.",
      "## Report a problem",
      "If you see a post, offer or SMS that looks misleading, offensive or like spam, email abuse@isent.example.in with a screenshot or the sender details. We review every report.",
    ].join("\n\n"),
  },
};

/** The demo business's customers: names, and the groups a restaurant would keep them in. */
export const DEMO_CONTACT_NAMES = [
  "Ravi Kumar",
  "Priya Sharma",
  "Anil Reddy",
  "Sunita Iyer",
  "Mohammed Farooq",
  "Kavya Nair",
  "Rohit Malhotra",
  "Deepa Menon",
  "Suresh Babu",
  "Neha Gupta",
  "Arjun Rao",
  "Lakshmi Narayanan",
  "Imran Sheikh",
  "Pooja Desai",
  "Vikram Singh",
  "Ananya Bose",
  "Karthik Subramanian",
  "Meera Pillai",
  "Sanjay Patil",
  "Fatima Khan",
  "Gaurav Jain",
  "Divya Krishnan",
  "Harish Shetty",
  "Nandini Das",
  "Prakash Hegde",
  "Shreya Kulkarni",
  "Abdul Rahman",
  "Geeta Joshi",
  "Manoj Tiwari",
  "Rekha Srinivasan",
  "Tarun Chopra",
  "Asha Fernandes",
];
export const DEMO_CONTACT_GROUPS = ["Regulars", "Office lunch", "Catering", "Weekend biryani", "Diwali 2026"] as const;

/** A sheet the demo business imported from its billing counter: new customers, one already known, one mistyped number. */
export const DEMO_IMPORT_CSV = [
  "Customer Name;Phone;Email;Groups;Remarks",
  "Lakshmi Venkatesh;98450 11223;lakshmi.v@mail.example.in;Weekend biryani;",
  "Farhan Qureshi;+91 99001-22334;;Office lunch;Orders for 12 on Fridays",
  "Meenakshi Sundaram;09880112233;;Catering;",
  "Gurpreet Singh;97390 44556;gurpreet@mail.example.in;Regulars, Diwali 2026;",
  "Ananya Bhat;96320 77889;;Diwali 2026;",
  "Joseph D'Souza;90080 33445;;Regulars;Likes extra raita",
  "Pooja Kulkarni;88844 55667;;Weekend biryani;",
  "Ramesh Gowda;70220 99887;;Office lunch;",
  "Shalini Rao;98451 2345;;;Number missing a digit",
  "Ananya Bhat;96320 77889;;Weekend biryani;",
].join("\r\n");
