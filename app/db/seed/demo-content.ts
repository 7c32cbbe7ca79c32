// Demo content used to seed a local or staging database with realistic data.
// Pure data only: no imports, no side effects.

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
    details:
      "Third-generation bakery known for pav, brun, plum cake and mawa cakes. Fresh bread comes out of the oven every morning by 7.",
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
    details:
      "Trendy kurtis, suits, lehengas and dupattas at market prices. In-house tailoring with 2-day alterations.",
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
    details:
      "Small-batch bakery on FC Road known for eggless cakes, sourdough and butter biscuits. Custom cakes with 24 hours' notice.",
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
    details:
      "Fully equipped gym with cardio, a strength floor and a separate women's batch. Personal training and diet plans available.",
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
    details:
      "Daily groceries, dry fruits, pooja samagri and Rajasthani namkeen at fair prices. Home delivery across Malviya Nagar.",
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
    details:
      "Bridal and party makeup, hair styling and mehendi by a team of trained artists. Specialists in Hyderabadi bridal looks.",
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
  callToAction: string;
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
        callToAction: "Visit us",
      },
      {
        title: "Free dessert with every thali",
        content:
          "Order any thali this week and get a gulab jamun or payasam on the house. #thali #sweettreat",
        terms: "One free dessert per thali, valid while stocks last.",
        couponCode: "SWEETTHALI",
        callToAction: "Visit us",
      },
      {
        title: "₹100 off your first delivery order",
        content:
          "Trying us for the first time? Get ₹100 off your first home delivery order. Hot food, sealed packaging, on time. #fooddelivery #firstorder",
        terms: "Minimum order value ₹499, valid once per phone number.",
        couponCode: "FIRST100",
        callToAction: "Order now",
      },
      {
        title: "Weekend biryani combo at ₹549",
        content:
          "Two full plates of dum biryani with raita, salan and two soft drinks for just ₹549. #biryani #weekendfeast",
        terms: "Valid on Saturdays and Sundays from 12 pm to 11 pm.",
        couponCode: "BIRYANI549",
        callToAction: "Order now",
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
        callToAction: "Visit us",
      },
      {
        title: "Breakfast combo at ₹199",
        content:
          "Any egg dish with toast and a chai or filter coffee for just ₹199. Start your day right! #breakfast #morningcoffee",
        terms: "Valid on weekdays from 8 am to 11 am, dine-in only.",
        couponCode: "BRKFST199",
        callToAction: "Visit us",
      },
      {
        title: "15% off for students",
        content:
          "Exams coming up? Study with us and get 15% off your entire bill. Unlimited water refills, good music, zero judgement. #studentlife #cafevibes",
        terms: "Valid college or school ID required, one discount per bill.",
        couponCode: "STUDENT15",
        callToAction: "Visit us",
      },
      {
        title: "Free cookie with every takeaway",
        content:
          "Order any beverage for takeaway and get a freshly baked choco-chip cookie free. #takeaway #cookies",
        terms: "One cookie per order, valid while stocks last.",
        couponCode: "COOKIEFREE",
        callToAction: "Order now",
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
        content:
          "Birthdays, anniversaries or just a sweet craving, get 20% off on every cake this weekend. #cakelovers #weekendtreat",
        terms: "Valid on Saturday and Sunday on cakes up to 2 kg.",
        couponCode: "CAKE20",
        callToAction: "Order now",
      },
      {
        title: "Buy 5 puffs, get 1 free",
        content:
          "Office snack sorted! Buy any 5 puffs and the sixth one is on us. #eveningsnacks #puffs",
        terms: "Free puff will be the same or lower priced variety.",
        couponCode: "PUFFSIX",
        callToAction: "Visit us",
      },
      {
        title: "₹150 off on custom theme cakes",
        content:
          "Cartoon cakes, photo cakes, number cakes, you dream it and we bake it. Flat ₹150 off this month. #customcakes #kidsparty",
        terms: "Order at least 48 hours in advance; minimum cake size 1 kg.",
        couponCode: "THEME150",
        callToAction: "Call now",
      },
      {
        title: "Free delivery on orders above ₹600",
        content:
          "Fresh bread and cakes at your doorstep with zero delivery charges on orders above ₹600. #freedelivery #freshbakes",
        terms: "Delivery available within 5 km of the bakery.",
        couponCode: "FREEDEL600",
        callToAction: "Order now",
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
        content:
          "Stock up for the month and save! Flat ₹100 off when your bill crosses ₹1,500. #monthlyshopping #savings",
        terms: "Not valid on cigarettes, milk or baby food.",
        couponCode: "SAVE100",
        callToAction: "Shop now",
      },
      {
        title: "10% off on all millets and organic products",
        content:
          "Eat healthy, eat local. 10% off on ragi, jowar, bajra, foxtail millet and our entire organic range. #millets #organic",
        terms: "Valid till the end of this month on organic shelf items only.",
        couponCode: "ORGANIC10",
        callToAction: "Shop now",
      },
      {
        title: "Free 1 kg sugar with the monthly ration kit",
        content:
          "Buy our monthly ration kit and get 1 kg sugar absolutely free. #rationkit #kirana",
        terms: "One free sugar pack per kit per household.",
        couponCode: "RATIONKIT",
        callToAction: "Shop now",
      },
      {
        title: "Free home delivery all week",
        content:
          "No minimum order this week! Call or WhatsApp your list and get free home delivery. #homedelivery #neighbourhoodstore",
        terms: "Delivery within 3 km, orders placed before 8 pm are delivered the same day.",
        couponCode: "FREEHOME",
        callToAction: "Call now",
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
        content:
          "Frizz-free hair for the monsoon! Flat 30% off on hair spa, keratin and smoothening treatments. #hairspa #keratin",
        terms: "Valid on weekdays only with prior appointment.",
        couponCode: "HAIRSPA30",
        callToAction: "Book now",
      },
      {
        title: "Complete bridal package at ₹14,999",
        content:
          "HD bridal makeup, hairstyling, draping and a pre-bridal facial, all for ₹14,999. #bridalmakeup #shaadiseason",
        terms: "Advance of ₹3,000 required to confirm the date.",
        couponCode: "BRIDALPKG",
        callToAction: "Book now",
      },
      {
        title: "₹200 off on your first visit",
        content:
          "New here? Get ₹200 off on any service worth ₹800 or more. #firstvisit #salonoffer",
        terms: "Valid once per customer on services above ₹800.",
        couponCode: "FIRST200",
        callToAction: "Book now",
      },
      {
        title: "Mani-pedi combo at ₹799",
        content:
          "Relaxing manicure and pedicure with a foot massage, now at just ₹799. #manicure #pedicure",
        terms: "Valid Monday to Friday until the end of this month.",
        couponCode: "MANIPEDI",
        callToAction: "Book now",
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
        callToAction: "Visit us",
      },
      {
        title: "Quarterly membership at 25% off",
        content:
          "Commit for 3 months and save 25%. Ab koi bahana nahi! #gymmembership #fitindia",
        terms: "Offer valid on new quarterly memberships paid in full.",
        couponCode: "FITQ25OFF",
        callToAction: "Call now",
      },
      {
        title: "Couple membership: ₹2,000 off",
        content:
          "Train together, stay together. Get ₹2,000 off when you join with your partner, sibling or friend. #couplegoals #workoutbuddy",
        terms: "Both members must join on the same day on a 6 or 12 month plan.",
        couponCode: "COUPLEFIT",
        callToAction: "Book now",
      },
      {
        title: "Free diet consultation with annual plan",
        content:
          "Sign up for an annual plan and get a personalised diet chart from our nutritionist, free. #nutrition #dietplan",
        terms: "One consultation and one follow-up included per member.",
        couponCode: "DIETFREE",
        callToAction: "Book now",
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
        content:
          "Light, breezy and made in India. Flat 30% off on all cotton kurtis, shirts and dresses. #summersale #cotton",
        terms: "Valid on tagged cotton collection only, no exchange on discounted items.",
        couponCode: "COTTON30",
        callToAction: "Shop now",
      },
      {
        title: "Buy 3 kurtis, get 1 free",
        content:
          "Refresh your office wardrobe! Buy any 3 kurtis and take the fourth home free. #kurtilove #officewear",
        terms: "The lowest priced kurti will be free.",
        couponCode: "KURTI4",
        callToAction: "Shop now",
      },
      {
        title: "₹500 off on silk sarees above ₹5,000",
        content:
          "Wedding season special: flat ₹500 off on pure silk sarees priced ₹5,000 and above. #silksaree #weddingseason",
        terms: "One coupon per bill, valid on pure silk sarees only.",
        couponCode: "SILK500",
        callToAction: "Visit us",
      },
      {
        title: "Free blouse stitching with every saree",
        content:
          "Buy any saree above ₹2,500 and get the blouse stitched free by our in-house tailors. #blousestitching #sareelove",
        terms: "Standard designs only; delivery in 5 working days.",
        couponCode: "FREESTITCH",
        callToAction: "Visit us",
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
        content:
          "Upgrade your living room for the festive season. Up to ₹5,000 off on 43 to 65 inch smart TVs. #smarttv #festivesale",
        terms: "Discount varies by model; valid while stocks last.",
        couponCode: "SMARTTV5K",
        callToAction: "Shop now",
      },
      {
        title: "Free tempered glass with screen repair",
        content:
          "Get your cracked screen replaced and we'll put on a tempered glass for free. #phonerepair #screenguard",
        terms: "Valid on screen replacements above ₹1,500.",
        couponCode: "FREEGLASS",
        callToAction: "Visit us",
      },
      {
        title: "No-cost EMI on laptops",
        content:
          "Take home a new laptop today and pay in 6 easy instalments with zero interest. #laptop #nocostemi",
        terms: "Available on select bank credit cards, subject to bank approval.",
        couponCode: "NOCOSTEMI",
        callToAction: "Shop now",
      },
      {
        title: "Extra ₹1,000 exchange bonus on old ACs",
        content:
          "Summer is coming! Exchange your old AC for a new 5-star inverter AC and get ₹1,000 extra on top of the exchange value. #acexchange #summerready",
        terms: "Old AC must be in working condition and picked up from within city limits.",
        couponCode: "ACBONUS1K",
        callToAction: "Call now",
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
        content:
          "Save on your monthly medicines. Flat 20% off on bills above ₹999. #pharmacy #savings",
        terms: "Valid prescription required for prescription medicines; not valid on surgical items.",
        couponCode: "MEDS20",
        callToAction: "Order now",
      },
      {
        title: "Free home delivery for senior citizens",
        content:
          "Dadi-Nani don't need to step out! Free doorstep delivery of medicines for everyone above 60. #seniorcitizens #homedelivery",
        terms: "Delivery within 3 km, orders placed before 7 pm are delivered the same day.",
        couponCode: "SENIORCARE",
        callToAction: "Call now",
      },
      {
        title: "15% off on diabetes care products",
        content:
          "Glucometers, test strips, sugar-free sweeteners and diabetic footwear, all at 15% off this month. #diabetescare #sugarfree",
        terms: "Valid on diabetes care range only until the end of the month.",
        couponCode: "SUGARCARE",
        callToAction: "Visit us",
      },
      {
        title: "₹250 off on digital BP monitors",
        content:
          "Keep track of your BP at home. ₹250 off on all digital BP monitors, with a free demo at the counter. #bpmonitor #hearthealth",
        terms: "One monitor per customer, valid while stocks last.",
        couponCode: "BPCHECK250",
        callToAction: "Shop now",
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
        content:
          "Buy 22K and 24K gold coins with zero making charges this festive season. Shubh shuruaat! #goldcoin #festiveoffer",
        terms: "Valid on coins up to 20 g; hallmarking charges apply.",
        couponCode: "GOLDCOIN",
        callToAction: "Visit us",
      },
      {
        title: "25% off on making charges for bridal sets",
        content:
          "Planning a wedding? Get 25% off on making charges on all bridal necklace sets. #bridaljewellery #shaadi",
        terms: "Valid on bridal sets above 40 g; book an appointment for a private viewing.",
        couponCode: "BRIDAL25",
        callToAction: "Book now",
      },
      {
        title: "Flat 10% off on silver for Dhanteras",
        content:
          "Silver diyas, idols, thalis and coins at flat 10% off for Dhanteras. #dhanteras #silver",
        terms: "Valid until Diwali on silver articles only, not on silver jewellery.",
        couponCode: "SILVER10",
        callToAction: "Visit us",
      },
      {
        title: "Free cleaning and polishing of old jewellery",
        content:
          "Make your old jewellery shine like new before the festive season, absolutely free. #jewellerycare #festiveready",
        terms: "Up to 3 pieces per customer; ready in 30 minutes.",
        couponCode: "SHINEFREE",
        callToAction: "Visit us",
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
        content:
          "Book your child's seat before 31 March and save 20% on the full-year fee. #admissionsopen #earlybird",
        terms: "Valid on full-year fee paid in one instalment.",
        couponCode: "EARLY20",
        callToAction: "Call now",
      },
      {
        title: "Free demo week for new students",
        content:
          "Attend a full week of classes free before you decide. No pressure, no payment. #democlass #tuition",
        terms: "One demo week per student, prior registration required.",
        couponCode: "DEMOWEEK",
        callToAction: "Book now",
      },
      {
        title: "Sibling discount: 15% off for the second child",
        content:
          "Bhai-behen saath padhenge! Enrol two children and get 15% off on the second child's fee. #siblingoffer #learningtogether",
        terms: "Applies to the lower of the two fees.",
        couponCode: "SIBLING15",
        callToAction: "Call now",
      },
      {
        title: "Summer camp at ₹1,999",
        content:
          "Abacus, chess, art and coding in one fun 4-week camp. Save ₹500 when you book this week. #summercamp #kids",
        terms: "For children aged 6 to 14; seats are limited to 25 per batch.",
        couponCode: "SUMMER500",
        callToAction: "Book now",
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
        content:
          "Get your split AC jet-cleaned before summer at just ₹399. Cooler air, lower bills. #acservice #summerready",
        terms: "Price per split AC; gas refilling charged extra.",
        couponCode: "ACJET399",
        callToAction: "Book now",
      },
      {
        title: "20% off on 2BHK deep cleaning",
        content:
          "Festive-ready home in one day! 20% off on full deep cleaning for 1BHK and 2BHK homes. #deepcleaning #festiveready",
        terms: "Valid on weekday bookings made at least 2 days in advance.",
        couponCode: "CLEAN20",
        callToAction: "Book now",
      },
      {
        title: "Free inspection and 10% off on waterproofing",
        content:
          "Stop leaks before the rains. Free terrace inspection plus 10% off on waterproofing work. #waterproofing #monsoonready",
        terms: "Discount valid on jobs above ₹10,000.",
        couponCode: "WATERPRF10",
        callToAction: "Call now",
      },
      {
        title: "Pest control combo at ₹1,499",
        content:
          "Cockroach and ant treatment for your whole home at ₹1,499, with a free follow-up visit. #pestcontrol #cleanhome",
        terms: "Valid for homes up to 2BHK; 3 months service warranty.",
        couponCode: "PESTCOMBO",
        callToAction: "Book now",
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
];

export type DemoTemplate = {
  category: string;
  kind: "post" | "offer" | "sms";
  title: string;
  content: string;
};

export const DEMO_TEMPLATES: DemoTemplate[] = [
  {
    category: "Festivals",
    kind: "post",
    title: "Happy Diwali",
    content:
      "Wishing you and your family a very Happy Diwali! May this festival of lights bring joy, good health and prosperity to your home. Visit {business} for our festive specials. #happydiwali #festivalsoflights",
  },
  {
    category: "Festivals",
    kind: "offer",
    title: "Holi colour splash offer",
    content:
      "Bura na mano, Holi hai! Celebrate the festival of colours with flat 15% off on everything at {business} this week. #happyholi #festiveoffer",
  },
  {
    category: "Festivals",
    kind: "sms",
    title: "Eid Mubarak",
    content:
      "Eid Mubarak, {name}! Celebrate with special festive offers at {business} this week. We look forward to seeing you.",
  },
  {
    category: "Offers & Discounts",
    kind: "offer",
    title: "Weekend sale",
    content:
      "This weekend only: flat 20% off on selected items at {business}. Limited stock, so come early! #weekendsale #localdeals",
  },
  {
    category: "Offers & Discounts",
    kind: "sms",
    title: "Flash sale alert",
    content:
      "Hi {name}, flash sale at {business} today only! Flat 25% off till 9 pm. Show this SMS at the counter.",
  },
  {
    category: "Offers & Discounts",
    kind: "post",
    title: "Buy one, get one",
    content:
      "Double the joy! Buy one, get one free on selected items all week at {business}. Bring a friend along. #bogo #offeroftheweek",
  },
  {
    category: "New Arrivals",
    kind: "post",
    title: "Fresh stock just in",
    content:
      "New stock has just arrived at {business}! Come by and be the first to see what's new this season. #newarrivals #justlanded",
  },
  {
    category: "New Arrivals",
    kind: "sms",
    title: "New collection SMS",
    content:
      "Hi {name}, our new collection is here! Visit {business} this week for a first look before it sells out.",
  },
  {
    category: "New Arrivals",
    kind: "offer",
    title: "Launch offer on the new range",
    content:
      "Celebrate our new range with an introductory 10% off for the first 50 customers. #launchoffer #newarrivals",
  },
  {
    category: "Greetings",
    kind: "post",
    title: "Happy Independence Day",
    content:
      "Happy Independence Day! Proud to serve our neighbourhood and to be part of a free, growing India. Jai Hind! #independenceday #vocalforlocal",
  },
  {
    category: "Greetings",
    kind: "sms",
    title: "Onam wishes",
    content:
      "Happy Onam, {name}! Wishing you a joyful sadhya and a prosperous year ahead. Warm wishes from all of us at {business}.",
  },
  {
    category: "Greetings",
    kind: "offer",
    title: "Christmas and New Year special",
    content:
      "Merry Christmas and a Happy New Year! Enjoy 12% off from 24 December to 1 January at {business}. #merrychristmas #newyearoffer",
  },
  {
    category: "Announcements",
    kind: "post",
    title: "New store timings",
    content:
      "Good news! {business} is now open from 8 am to 10 pm, all 7 days of the week. See you soon! #newtimings #openlate",
  },
  {
    category: "Announcements",
    kind: "sms",
    title: "We have moved",
    content:
      "Hi {name}, {business} has moved to a bigger space just down the road! Same team, more to offer. Call us for directions.",
  },
  {
    category: "Announcements",
    kind: "post",
    title: "Now delivering to your doorstep",
    content:
      "We now offer home delivery within 3 km! Call or WhatsApp us your order and we'll bring it to your door. #homedelivery #neighbourhood",
  },
  {
    category: "Events",
    kind: "post",
    title: "Pongal celebration at our store",
    content:
      "Join us for Pongal celebrations this Sunday! Kolam contest, sweet pongal for every visitor and festive offers all day. #happypongal #celebration",
  },
  {
    category: "Events",
    kind: "sms",
    title: "Event invitation",
    content:
      "Hi {name}, you're invited to a special event at {business} this Saturday from 5 pm. Snacks on us! Reply STOP to opt out.",
  },
  {
    category: "Events",
    kind: "offer",
    title: "Grand opening offer",
    content:
      "We're open! Celebrate our grand opening with 20% off on your first purchase and a small gift for every visitor. #grandopening #newinthearea",
  },
  {
    category: "Reviews & Thanks",
    kind: "post",
    title: "Thank you for 1,000 customers",
    content:
      "We just served our 1,000th happy customer! Thank you for your love and support, it means the world to us at {business}. #thankyou #milestone",
  },
  {
    category: "Reviews & Thanks",
    kind: "post",
    title: "Share your review",
    content:
      "Loved your visit? A short review helps other neighbours find us and helps a small business like ours grow. Dhanyavaad! #reviews #supportlocal",
  },
  {
    category: "Reviews & Thanks",
    kind: "sms",
    title: "Thank you for visiting",
    content:
      "Thank you for visiting {business}, {name}! We hope to see you again soon. Reply with any feedback, we read every message.",
  },
  {
    category: "Reminders",
    kind: "sms",
    title: "Appointment reminder",
    content:
      "Hi {name}, a reminder of your appointment at {business} tomorrow. Please call us if you need to reschedule.",
  },
  {
    category: "Reminders",
    kind: "sms",
    title: "Offer ending soon",
    content:
      "Hi {name}, last 2 days of our special offer at {business}! Don't miss out. Visit us before Sunday.",
  },
  {
    category: "Reminders",
    kind: "post",
    title: "Festive pre-order reminder",
    content:
      "Festivals are around the corner! Pre-book your orders at {business} now to avoid last-minute rush and disappointment. #preorder #festiveseason",
  },
];

export type DemoCardDesign = {
  name: string;
  layout: {
    background: string;
    foreground: string;
    accent: string;
    font: "sans" | "serif" | "mono";
    align: "left" | "center";
  };
};

export const DEMO_CARD_DESIGNS: DemoCardDesign[] = [
  {
    name: "Classic Ivory",
    layout: {
      background: "#FFF8E7",
      foreground: "#2B2118",
      accent: "#B4400C",
      font: "serif",
      align: "left",
    },
  },
  {
    name: "Midnight Gold",
    layout: {
      background: "#111827",
      foreground: "#F9FAFB",
      accent: "#D4AF37",
      font: "serif",
      align: "center",
    },
  },
  {
    name: "Saffron Fresh",
    layout: {
      background: "#FFF3E0",
      foreground: "#3E2723",
      accent: "#C2410C",
      font: "sans",
      align: "left",
    },
  },
  {
    name: "Peacock Teal",
    layout: {
      background: "#0F4C5C",
      foreground: "#FFFFFF",
      accent: "#F2C14E",
      font: "sans",
      align: "center",
    },
  },
  {
    name: "Minimal Mono",
    layout: {
      background: "#FFFFFF",
      foreground: "#1F2937",
      accent: "#2563EB",
      font: "mono",
      align: "left",
    },
  },
  {
    name: "Rose Blush",
    layout: {
      background: "#FDF2F4",
      foreground: "#4A1D2C",
      accent: "#BE185D",
      font: "serif",
      align: "center",
    },
  },
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
