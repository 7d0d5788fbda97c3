// Seed data for Tidewater Dive & Camp. Pure data: no runtime imports and no side effects.
// Rules are never written out here: {cancellation_policy} and {cancellation_tiers} are stored as
// they are and filled in when read, from the operator's cancellation policy (app/lib/policy-words.ts,
// withPolicyWords); {diving_min_age} and {camping_min_age} by the seed from the minimum-age
// floors (app/lib/readiness.ts).

import type {
  AdventureCategory,
  LegacyCategory,
  LegacySkillLevel,
  SkillLevel,
} from "../../app/lib/adventure-catalogue.ts";
import type { GALLERY_CATEGORIES } from "../../app/lib/categories.ts";

export interface SeedAdventure {
  id: string;
  slug: string;
  title: string;
  tagline: string;
  short_description: string;
  full_description: string;
  hero_image: string;
  hero_image_alt: string;
  gallery_images: string[];
  base_price: number;
  price_display: string;
  duration: string;
  group_size_min: number;
  group_size_max: number;
  skill_level: SkillLevel;
  category: AdventureCategory;
  requires_certification: boolean;
  tags: string[];
  location: string;
  meeting_point: string;
  what_to_bring: string[];
  included_items: string[];
  excluded_items: string[];
  highlights: string[];
  itinerary: string[];
  best_for: string[];
  min_age: number;
  max_age: number | null;
  fitness_requirements: string;
  is_featured: boolean;
  sort_order: number;
  meta_title: string;
  meta_description: string;
  meta_keywords: string;
  legacy: {
    category: LegacyCategory;
    skillLevel: LegacySkillLevel;
    groupSize: string;
  };
}

export const adventures: SeedAdventure[] = [
  {
    id: "dive-exhibition",
    slug: "dive-exhibition",
    title: "Discover Scuba Diving",
    tagline: "Your first breaths underwater in Manly's calm, fish-filled Cabbage Tree Bay",
    short_description:
      "Never dived before? Breathe underwater for the first time in the sheltered shallows of Shelly Beach, Manly, with a PADI instructor by your side the whole way.",
    full_description:
      "Discover Scuba is the easiest way to find out whether diving is for you, and there are few better places in Australia to try it than Shelly Beach in Manly. Tucked inside the Cabbage Tree Bay Aquatic Reserve, this west-facing beach is sheltered from most swell, the entry is a gentle stroll across the sand, and the marine life has been protected long enough that it barely notices you're there.\n\nWe start on the beach with a relaxed briefing and a fitting of all your gear, then practise a few simple skills in waist-deep water until breathing through the regulator feels completely natural. Once you're comfortable, Liam leads you out over the seagrass and along the rocky reef edge, never more than an arm's length away. Expect friendly blue gropers, schools of yellowtail and old wives, and maybe a wobbegong dozing under a ledge.\n\nWith a maximum of four people per trip, nobody is rushed and nobody is left waiting. No certification or experience is needed, just basic swimming ability and a sense of curiosity. Your dive can also count towards the PADI Open Water course if you decide to keep going.",
    hero_image: "/images/adventures/dive-exhibition.webp",
    hero_image_alt:
      "First-time diver giving the OK sign with their instructor above seagrass at Shelly Beach, Manly",
    gallery_images: ["/images/gallery/g06.webp", "/images/gallery/g08.webp", "/images/gallery/g01.webp"],
    base_price: 95,
    price_display: "$95 per person",
    duration: "3 hours",
    group_size_min: 1,
    group_size_max: 4,
    skill_level: "beginner",
    category: "scuba-diving",
    requires_certification: false,
    tags: ["first dive", "no certification", "Manly", "beginner friendly"],
    location: "Shelly Beach, Manly (Cabbage Tree Bay Aquatic Reserve)",
    meeting_point:
      "Shelly Beach picnic area at the end of Marine Parade, Manly (an easy 20-minute walk from Manly Wharf)",
    what_to_bring: [
      "Swimmers to wear under your wetsuit",
      "Beach towel",
      "Reef-safe sunscreen",
      "Water bottle",
      "Warm jumper or hoodie for afterwards",
      "Each diver's details, medical questions and waiver, done online beforehand from your booking's link",
    ],
    included_items: [
      "PADI Discover Scuba Diving session with a certified instructor",
      "Full scuba kit: mask, fins, wetsuit, BCD, regulator and tank",
      "Shallow-water skills practice before the open-water dive",
      "One guided reef dive to a maximum of 12 metres",
      "Maximum of four participants per instructor",
      "Underwater photos of your dive, shared after the trip",
      "Hot drink and snacks after the dive",
    ],
    excluded_items: [
      "Transport to and from Manly",
      "Parking (Manly car parks are metered)",
      "PADI Open Water course fees if you choose to continue",
    ],
    highlights: [
      "No experience or certification needed",
      "Sheltered, sandy beach entry inside a protected aquatic reserve",
      "Friendly blue gropers, schools of reef fish and the odd wobbegong",
      "Instructor within arm's reach for the entire dive",
      "Counts towards PADI Open Water if you want to keep diving",
    ],
    itinerary: [
      "8:00 AM - Meet Liam at the Shelly Beach picnic area, paperwork check and introductions",
      "8:15 AM - Dive theory made simple: breathing, equalising, hand signals and staying safe",
      "8:45 AM - Wetsuit and gear fitting on the beach",
      "9:00 AM - Skills practice in waist-deep water until you feel relaxed",
      "9:30 AM - Guided dive along the reef edge of Cabbage Tree Bay",
      "10:15 AM - Back on the beach to debrief, log your first dive and look through photos",
      "10:45 AM - Hot drinks, snacks and a chat about where diving could take you next",
      "11:00 AM - Farewell",
    ],
    best_for: [
      "Complete beginners curious about scuba",
      "Travellers with a free morning in Sydney",
      "Confident swimmers wanting a taste before committing to a course",
      "Families with teenagers aged 12 and over",
    ],
    min_age: 12,
    max_age: null,
    fitness_requirements:
      "You should be able to swim 50 metres and float comfortably for a few minutes. A reasonable level of general health is required, and everyone completes a short diving medical questionnaire before the day.",
    is_featured: true,
    sort_order: 0,
    meta_title: "Discover Scuba Diving Manly, Sydney | Tidewater Dive",
    meta_description:
      "Try scuba diving for the first time at Shelly Beach, Manly. No certification needed, all gear included and a maximum of four people with a PADI instructor.",
    meta_keywords:
      "discover scuba sydney, try diving manly, shelly beach scuba, first dive sydney, beginner scuba diving, cabbage tree bay",
    legacy: { category: "Diving", skillLevel: "Beginner", groupSize: "1-4 people" },
  },
  {
    id: "guided-shore-dive",
    slug: "guided-shore-dive",
    title: "Guided Shore Dive",
    tagline: "Let a local guide show you the hidden corners of Gordons Bay and Clovelly",
    short_description:
      "A relaxed, small-group guided dive for certified divers at Gordons Bay or Clovelly, chosen on the day for the best conditions and the best marine life.",
    full_description:
      "Sydney's eastern suburbs hide some of the best shore diving in the country, but knowing where to enter, which way to swim and where the critters live makes all the difference. On this guided dive Liam picks the site with the best conditions on the day, usually Gordons Bay with its underwater nature trail or the sheltered inlet at Clovelly, and shows you the reef the way locals see it.\n\nGordons Bay is a rocky amphitheatre of boulders, sponge gardens and sandy channels where big blue gropers cruise past and Port Jackson sharks rest in the gutters through winter. Clovelly is calmer and shallower, perfect if you haven't dived for a while, and famous for its resident gropers, eastern blue devils and colourful nudibranchs on every rock.\n\nWith no more than three divers per guide, you set the pace. Want to spend twenty minutes photographing one nudibranch? No problem. Rusty and want a skills refresher first? Just ask. You'll need an Open Water certification or equivalent, and we supply all the gear.",
    hero_image: "/images/adventures/guided-shore-dive.webp",
    hero_image_alt: "Certified divers following their guide over a boulder reef in Gordons Bay, Sydney",
    gallery_images: ["/images/gallery/g01.webp", "/images/gallery/g02.webp", "/images/gallery/g13.webp"],
    base_price: 135,
    price_display: "$135 per person",
    duration: "3 hours",
    group_size_min: 1,
    group_size_max: 3,
    skill_level: "intermediate",
    category: "scuba-diving",
    requires_certification: true,
    tags: ["certified divers", "Gordons Bay", "Clovelly", "small group"],
    location: "Gordons Bay & Clovelly, Eastern Suburbs, Sydney",
    meeting_point: "Clovelly Beach car park at the end of Clovelly Road, Clovelly",
    what_to_bring: [
      "Your dive certification card (or app) and logbook",
      "Swimmers and a towel",
      "Reef-safe sunscreen",
      "Water bottle",
      "Your own mask or computer if you prefer (optional)",
      "Warm layer for after the dive",
    ],
    included_items: [
      "Local guide with PADI instructor qualifications",
      "Site selection based on the day's swell, wind and visibility",
      "Full dive kit: wetsuit, BCD, regulator, mask, fins, weights and tank",
      "Dive computer hire if you don't have your own",
      "One guided shore dive of around 50-60 minutes",
      "Maximum of three divers per guide",
      "Post-dive snacks and hot drinks",
    ],
    excluded_items: ["Transport to Clovelly", "Street parking fees", "Underwater camera hire"],
    highlights: [
      "Blue gropers, eastern blue devils and nudibranchs on almost every dive",
      "Port Jackson sharks resting in the gutters from late winter into spring",
      "Site chosen on the day for the calmest water and best visibility",
      "No more than three divers with your guide",
      "Free skills refresher if it's been a while since your last dive",
    ],
    itinerary: [
      "8:30 AM - Meet at the Clovelly Beach car park, check certification and choose the site",
      "8:45 AM - Gear fitting and a detailed dive briefing with a map of the reef",
      "9:15 AM - Short walk to the entry point and buddy checks",
      "9:30 AM - Guided shore dive through sponge gardens, boulders and sand channels",
      "10:30 AM - Exit, rinse off and warm up",
      "10:45 AM - Debrief, fish identification chat and logbook signing",
      "11:30 AM - Farewell",
    ],
    best_for: [
      "Certified divers new to Sydney",
      "Divers who want a refresher with a patient guide",
      "Underwater photographers",
      "Travellers with a free morning and a certification card",
    ],
    min_age: 12,
    max_age: null,
    fitness_requirements:
      "You'll walk a short distance carrying light gear and negotiate rocky entries with help. You need an Open Water certification or equivalent, good general health and a completed diving medical questionnaire.",
    is_featured: true,
    sort_order: 1,
    meta_title: "Guided Shore Dive Gordons Bay & Clovelly | Tidewater",
    meta_description:
      "Guided shore dives for certified divers at Gordons Bay and Clovelly, Sydney. Blue gropers, nudibranchs, all gear included and a maximum of three per guide.",
    meta_keywords:
      "guided shore dive sydney, gordons bay diving, clovelly scuba, eastern suburbs dive guide, certified diver sydney",
    legacy: { category: "Diving", skillLevel: "Certified", groupSize: "1-3 people" },
  },
  {
    id: "dive-trip-shore",
    slug: "dive-trip-shore",
    title: "Double Shore Dive Day Trip",
    tagline: "Two of Sydney's finest shore dives in one day, with weedy sea dragons as a bonus",
    short_description:
      "Spend a full day diving Botany Bay's famous sites, Bare Island and Kurnell, hunting for weedy sea dragons, sponge gardens and pot-bellied seahorses.",
    full_description:
      "Ask any Sydney diver for their favourite shore dive and you'll hear Bare Island or Kurnell. This day trip gives you both. We start at Bare Island in La Perouse, crossing the old footbridge to the 1880s fort before dropping onto a reef covered in sponges, sea tulips and soft corals. Weedy sea dragons drift in the kelp here, and sharp eyes can find pot-bellied seahorses, red Indianfish and the occasional pygmy pipehorse.\n\nAfter a relaxed lunch on the headland we head around the bay to Kamay Botany Bay National Park at Kurnell, where Liam chooses between The Steps and The Leap depending on the swell. Both sites drop onto rich sponge gardens and boulder reefs where cuttlefish, wobbegongs and big schools of yellowtail are regulars.\n\nThis is a full but unhurried day designed for certified divers who want to see the real highlights of Sydney diving with a local who knows the sites in every condition. Groups are small, surface intervals are generous and all your gear is taken care of.",
    hero_image: "/images/adventures/dive-trip-shore.webp",
    hero_image_alt: "Weedy sea dragon drifting over kelp and sponges at Bare Island, La Perouse",
    gallery_images: ["/images/gallery/g13.webp", "/images/gallery/g02.webp", "/images/gallery/g09.webp"],
    base_price: 195,
    price_display: "$195 per person",
    duration: "Full day (7 hours)",
    group_size_min: 2,
    group_size_max: 4,
    skill_level: "intermediate",
    category: "scuba-diving",
    requires_certification: true,
    tags: ["two dives", "weedy sea dragons", "Bare Island", "Kurnell"],
    location: "Bare Island (La Perouse) and Kurnell, Botany Bay",
    meeting_point: "Bare Island footbridge car park, Anzac Parade, La Perouse",
    what_to_bring: [
      "Dive certification card and logbook",
      "Swimmers, towel and a change of clothes",
      "Reef-safe sunscreen and a hat",
      "Water bottle",
      "Warm jacket for the surface interval",
      "Any dietary needs for lunch (tell us when you book)",
    ],
    included_items: [
      "Two guided shore dives with a PADI instructor",
      "Full dive kit with two tanks per diver",
      "Dive computer hire if needed",
      "Picnic lunch, snacks and hot drinks",
      "Kamay Botany Bay National Park vehicle entry",
      "Transfer between Bare Island and Kurnell in our vehicle",
      "Underwater photos from both dives",
    ],
    excluded_items: ["Transport to La Perouse", "Nitrox fills (available on request for a small fee)"],
    highlights: [
      "Two of Sydney's most famous shore dives in one day",
      "Excellent odds of seeing weedy sea dragons",
      "Historic Bare Island fort and footbridge",
      "Sponge gardens, cuttlefish and wobbegongs at Kurnell",
      "Long, relaxed surface interval with lunch on the headland",
    ],
    itinerary: [
      "8:00 AM - Meet at Bare Island, certification check and gear fitting",
      "8:30 AM - Site briefing with a map of the island and its resident critters",
      "9:00 AM - Dive one: Bare Island sponge gardens and weedy sea dragon hunt",
      "10:15 AM - Exit, warm up and log the dive",
      "11:00 AM - Drive around Botany Bay to Kamay Botany Bay National Park, Kurnell",
      "12:00 PM - Picnic lunch overlooking the bay during the surface interval",
      "1:00 PM - Dive two: The Steps or The Leap, chosen for the calmest conditions",
      "2:15 PM - Exit, rinse gear and debrief with photos",
      "3:00 PM - Farewell at Kurnell, or a lift back to Bare Island",
    ],
    best_for: [
      "Certified divers wanting Sydney's highlights in one day",
      "Underwater photographers chasing weedy sea dragons",
      "Visiting divers with limited time",
      "Buddy pairs and small groups of friends",
    ],
    min_age: 12,
    max_age: null,
    fitness_requirements:
      "A full day with two dives. Entries at Kurnell involve rock steps that can be slippery, so you should be steady on your feet and able to carry your own gear short distances. Open Water certification or equivalent and a completed diving medical questionnaire are required.",
    is_featured: true,
    sort_order: 2,
    meta_title: "Double Shore Dive Day Trip: Bare Island & Kurnell Sydney",
    meta_description:
      "Two guided shore dives at Bare Island and Kurnell, Botany Bay. Weedy sea dragons, sponge gardens, lunch and all gear included, for certified divers up to four.",
    meta_keywords:
      "bare island dive, kurnell shore dive, weedy sea dragon sydney, botany bay diving, double dive day trip sydney",
    legacy: { category: "Diving", skillLevel: "Certified", groupSize: "2-4 people" },
  },
  {
    id: "night-dive-experience",
    slug: "night-dive-experience",
    title: "Night Dive Experience",
    tagline: "See Cabbage Tree Bay wake up after dark, torch in hand and sharks on the prowl",
    short_description:
      "Slip into Cabbage Tree Bay after sunset and discover the reef's night shift: hunting octopus, sleeping gropers, cuttlefish and Port Jackson sharks.",
    full_description:
      "When the sun goes down over Manly, Cabbage Tree Bay becomes a different world. The fish you swam past by day tuck themselves into crevices, while octopus, cuttlefish, crabs and shrimp come out to hunt. In late winter and spring Port Jackson sharks gather in the bay, and it's not unusual to see several on a single night dive.\n\nWe meet at Shelly Beach around sunset, set up together while there's still light, and talk through torch signals, buddy contact and navigation. The entry is the same easy sandy beach used by beginners during the day, so you can focus entirely on what your torch beam reveals. Liam keeps the pace slow and the group tiny, no more than two divers, so there's time to watch a cuttlefish flash its colours or a decorator crab trundle across the sand.\n\nThis dive is for certified divers with an Open Water certification or equivalent. You don't need previous night experience, but you should be comfortable with your buoyancy. Primary and backup torches are included.",
    hero_image: "/images/adventures/night-dive-experience.webp",
    hero_image_alt: "Diver's torch lighting up a Port Jackson shark on the sand at night in Cabbage Tree Bay",
    gallery_images: ["/images/gallery/g01.webp", "/images/gallery/g07.webp", "/images/gallery/g08.webp"],
    base_price: 149,
    price_display: "$149 per person",
    duration: "3 hours (evening)",
    group_size_min: 1,
    group_size_max: 2,
    skill_level: "intermediate",
    category: "scuba-diving",
    requires_certification: true,
    tags: ["night dive", "Port Jackson sharks", "Manly", "certified divers"],
    location: "Shelly Beach, Manly (Cabbage Tree Bay Aquatic Reserve)",
    meeting_point: "Shelly Beach picnic area at the end of Marine Parade, Manly",
    what_to_bring: [
      "Dive certification card and logbook",
      "Swimmers and a warm towel",
      "Beanie and warm jacket for after the dive",
      "Water bottle",
      "A thermos of something hot if you like (we bring hot chocolate too)",
    ],
    included_items: [
      "Guided night dive with a PADI instructor",
      "Primary and backup dive torches",
      "Glow stick and tank marker light for each diver",
      "Full dive kit including a 7 mm wetsuit",
      "Maximum of two divers per guide",
      "Hot chocolate and snacks after the dive",
    ],
    excluded_items: ["Transport to Manly", "Parking fees", "PADI Night Diver specialty certification"],
    highlights: [
      "Port Jackson sharks in late winter and spring",
      "Hunting octopus, cuttlefish and crabs under torchlight",
      "Bioluminescence when you cover your torch",
      "Tiny group of just one or two divers",
      "Easy sandy beach entry inside a protected reserve",
    ],
    itinerary: [
      "5:00 PM - Meet at Shelly Beach as the sun drops behind Manly",
      "5:15 PM - Night diving briefing: torch signals, buddy contact and navigation",
      "5:45 PM - Gear up and buddy checks in the last of the daylight",
      "6:15 PM - Enter at dusk and descend as the reef changes shift",
      "7:15 PM - Surface, exit and warm up with hot chocolate",
      "7:30 PM - Debrief and log the dive under the stars",
      "8:00 PM - Farewell",
    ],
    best_for: [
      "Certified divers trying their first night dive",
      "Shark and cephalopod fans",
      "Divers who've seen Shelly Beach by day and want more",
    ],
    min_age: 12,
    max_age: null,
    fitness_requirements:
      "Open Water certification or equivalent and comfortable buoyancy control are required. You'll carry your gear a short way across sand. A completed diving medical questionnaire is required before the dive.",
    is_featured: false,
    sort_order: 3,
    meta_title: "Night Dive Manly, Cabbage Tree Bay | Tidewater Dive & Camp",
    meta_description:
      "Guided night dive at Shelly Beach, Manly for certified divers. Port Jackson sharks, octopus and cuttlefish by torchlight, with all gear and torches included.",
    meta_keywords:
      "night dive sydney, manly night dive, port jackson sharks, cabbage tree bay night dive, shelly beach night scuba",
    legacy: { category: "Diving", skillLevel: "Certified", groupSize: "1-2 people" },
  },
  {
    id: "scooter-dive-adventure",
    slug: "scooter-dive-adventure",
    title: "Underwater Scooter Dive",
    tagline: "Glide around Bare Island on an underwater scooter and cover twice the reef",
    short_description:
      "Take the controls of an underwater scooter and fly around Bare Island's reefs, covering ground that divers on fins only dream about.",
    full_description:
      "An underwater scooter turns a good dive into an unforgettable one. With the push of a trigger you're gliding effortlessly over sponge gardens and kelp, covering in one dive what would normally take three. Bare Island in La Perouse, with its varied reefs on every side, is the perfect place to learn.\n\nWe begin with a thorough briefing on the beach: how the scooter handles, how to control your depth and speed, and the simple rules that keep you, your buddy and the reef safe. Then we practise in the shallows until steering feels second nature. Once you're confident, Liam leads you on a loop around the island, pausing at the best spots to look for weedy sea dragons, blue gropers and big schools of yellowtail.\n\nWith only two divers per trip, you get plenty of personal coaching, and the pace is entirely yours. You'll need an Open Water certification or equivalent and good buoyancy. No previous scooter experience is needed.",
    hero_image: "/images/adventures/scooter-dive-adventure.webp",
    hero_image_alt: "Diver riding an underwater scooter over a kelp-covered reef at Bare Island",
    gallery_images: ["/images/gallery/g02.webp", "/images/gallery/g01.webp", "/images/gallery/g06.webp"],
    base_price: 189,
    price_display: "$189 per person",
    duration: "4 hours",
    group_size_min: 1,
    group_size_max: 2,
    skill_level: "intermediate",
    category: "scuba-diving",
    requires_certification: true,
    tags: ["underwater scooter", "Bare Island", "certified divers", "unique experience"],
    location: "Bare Island, La Perouse, Botany Bay",
    meeting_point: "Bare Island footbridge car park, Anzac Parade, La Perouse",
    what_to_bring: [
      "Dive certification card and logbook",
      "Swimmers and a towel",
      "Reef-safe sunscreen",
      "Water bottle",
      "Warm layer for after the dive",
    ],
    included_items: [
      "Underwater scooter hire and full handling briefing",
      "Shallow-water practice session before the main dive",
      "Guided scooter dive around Bare Island",
      "Full dive kit: wetsuit, BCD, regulator, mask, fins, weights and tank",
      "Dive computer hire if needed",
      "Maximum of two divers per guide",
      "Snacks and hot drinks",
    ],
    excluded_items: ["Transport to La Perouse", "Underwater camera hire", "Nitrox fills"],
    highlights: [
      "Cover up to three times the reef of a normal dive",
      "Effortless gliding over sponge gardens and kelp",
      "Personal coaching with just one or two divers",
      "Chance to spot weedy sea dragons and blue gropers",
      "No previous scooter experience needed",
    ],
    itinerary: [
      "8:00 AM - Meet at the Bare Island footbridge, certification check",
      "8:15 AM - Scooter briefing: controls, speed, depth and safety rules",
      "8:45 AM - Gear fitting and buddy checks",
      "9:15 AM - Shallow-water scooter practice until you feel in control",
      "9:45 AM - Guided scooter dive around the island's reefs",
      "10:45 AM - Exit, rinse gear and warm up",
      "11:15 AM - Debrief, photos and logbook signing",
      "12:00 PM - Farewell",
    ],
    best_for: [
      "Certified divers wanting something new",
      "Gadget lovers and thrill seekers",
      "Divers who want to see more of Bare Island in one dive",
    ],
    min_age: 12,
    max_age: null,
    fitness_requirements:
      "Open Water certification or equivalent with good buoyancy control is required. The scooter does most of the work, but you should be comfortable walking across the footbridge with your gear and entering from rocks. A completed diving medical questionnaire is required.",
    is_featured: false,
    sort_order: 4,
    meta_title: "Underwater Scooter Dive Bare Island | Tidewater Dive",
    meta_description:
      "Ride an underwater scooter around Bare Island, La Perouse. A guided dive for certified divers, with full briefing, practice session and all gear included.",
    meta_keywords:
      "underwater scooter sydney, dpv dive sydney, bare island scooter, scooter diving la perouse, unique dive experience sydney",
    legacy: { category: "Diving", skillLevel: "Certified", groupSize: "1-2 people" },
  },
  {
    id: "underwater-treasure-hunt",
    slug: "underwater-treasure-hunt",
    title: "Underwater Treasure Hunt",
    tagline: "Follow the clues, find the treasure and learn to dive in Clovelly's calm water",
    short_description:
      "A playful, beginner-friendly scuba adventure in sheltered Clovelly: learn the basics, then follow a waterproof map to hidden treasure on the sandy bottom.",
    full_description:
      "Who said learning to dive has to be serious? The Underwater Treasure Hunt mixes a Discover Scuba-style introduction with a proper treasure quest. Clovelly's long, narrow inlet is as calm as a swimming pool on most days, with a sandy bottom just a few metres down, so it's the ideal playground for first-timers and families.\n\nAfter a friendly briefing and skills session in the shallows, each diver gets a waterproof map and a set of clues. Working with your buddy and Liam, you'll navigate the sand and seagrass, solve riddles on underwater slates and recover weighted treasure tokens hidden well away from the reef and its residents. Clovelly's famously curious blue gropers often join the search.\n\nEvery treasure token gets swapped for a prize back on the beach, and every token is collected and taken home with us so nothing is left behind. No certification or experience is needed, making this a brilliant way to introduce teenagers, friends or a nervous partner to the underwater world.",
    hero_image: "/images/adventures/underwater-treasure-hunt.webp",
    hero_image_alt: "Beginner diver holding up a treasure token above the sandy bottom at Clovelly",
    gallery_images: ["/images/gallery/g08.webp", "/images/gallery/g10.webp", "/images/gallery/g09.webp"],
    base_price: 179,
    price_display: "$179 per person",
    duration: "4 hours",
    group_size_min: 1,
    group_size_max: 4,
    skill_level: "beginner",
    category: "scuba-diving",
    requires_certification: false,
    tags: ["family fun", "no certification", "Clovelly", "treasure hunt", "beginner friendly"],
    location: "Clovelly Beach, Eastern Suburbs, Sydney",
    meeting_point: "Clovelly Beach car park at the end of Clovelly Road, Clovelly",
    what_to_bring: [
      "Swimmers and a towel",
      "Reef-safe sunscreen and a hat",
      "Water bottle",
      "Warm jumper for afterwards",
      "Each diver's details, medical questions and waiver, done online beforehand from your booking's link",
      "A competitive spirit",
    ],
    included_items: [
      "Beginner briefing and shallow-water skills session with a PADI instructor",
      "Full scuba kit: mask, fins, wetsuit, BCD, regulator and tank",
      "Waterproof treasure map, clue slates and hidden treasure tokens",
      "Guided treasure-hunt dive to a maximum of 8 metres",
      "Prizes for every treasure found",
      "Underwater photos of the hunt",
      "Snacks and hot drinks on the beach",
    ],
    excluded_items: ["Transport to Clovelly", "Parking fees", "PADI certification course fees"],
    highlights: [
      "No certification or experience needed",
      "Calm, pool-like inlet with a shallow sandy bottom",
      "Waterproof maps, riddles and real prizes",
      "Friendly blue gropers that love to investigate",
      "Leave-no-trace treasure: every token comes home with us",
    ],
    itinerary: [
      "9:00 AM - Meet at the Clovelly Beach car park and meet your fellow treasure hunters",
      "9:15 AM - Scuba basics briefing and the rules of the hunt",
      "9:45 AM - Gear fitting and skills practice in the shallows",
      "10:30 AM - Treasure hunt dive: follow the map, solve the clues, find the tokens",
      "11:30 AM - Surface and count the loot",
      "11:45 AM - Prize giving, photos and snacks on the beach",
      "12:30 PM - Debrief and next steps if you've caught the diving bug",
      "1:00 PM - Farewell",
    ],
    best_for: [
      "Families with children aged 12 and over",
      "Nervous first-timers who learn best through play",
      "Groups of friends and birthday outings",
      "Anyone who loves a challenge",
    ],
    min_age: 12,
    max_age: null,
    fitness_requirements:
      "You should be comfortable in the water and able to swim 50 metres. The dive is shallow and relaxed. Everyone completes a short diving medical questionnaire before the day, and under-18s need a parent or guardian's consent.",
    is_featured: false,
    sort_order: 5,
    meta_title: "Underwater Treasure Hunt Dive Clovelly | Tidewater Dive",
    meta_description:
      "A fun, beginner-friendly scuba treasure hunt at Clovelly, Sydney. No certification needed: learn to dive, follow the map and win prizes. All gear included.",
    meta_keywords:
      "underwater treasure hunt sydney, family scuba sydney, clovelly diving, beginner dive experience, kids scuba sydney",
    legacy: { category: "Diving", skillLevel: "Beginner", groupSize: "1-4 people" },
  },
  {
    id: "camping-diving-2day",
    slug: "camping-diving-2day",
    title: "2-Day Dive & Camp Weekend",
    tagline: "Dive Jervis Bay, camp with kangaroos in Murramarang and dive again at sunrise",
    short_description:
      "A weekend on the South Coast for certified divers: two dives in the clear water of Jervis Bay, a beachside camp in Murramarang National Park and a morning dive at Bawley Point.",
    full_description:
      "This is the trip Liam would plan for his own mates. Saturday starts in Jervis Bay, where the water is famously clear and the sponge gardens at Plantation Point are home to weedy sea dragons, cuttlefish, Port Jackson sharks and huge schools of fish. After two dives and a late lunch we drive south into Murramarang National Park and set up camp at Pretty Beach, where eastern grey kangaroos graze on the grass behind the sand.\n\nEvening means a proper camp dinner cooked on the barbecue, a drink as the sun goes down and a sky full of stars with no city glow. Tents, sleeping mats and all camp gear are set up for you, so you can relax rather than wrestle with poles.\n\nSunday begins with coffee on the beach before a shore dive at Bawley Point or Ulladulla, whichever is calmer, exploring rocky reefs alive with blue gropers, wobbegongs and nudibranchs. After a final lunch we pack up and you head home with sandy feet and a logbook full of new entries.",
    hero_image: "/images/adventures/camping-diving-2day.webp",
    hero_image_alt: "Diver surfacing at sunset in front of a beachside campsite in Murramarang National Park",
    gallery_images: ["/images/gallery/g12.webp", "/images/gallery/g04.webp", "/images/gallery/g05.webp"],
    base_price: 395,
    price_display: "$395 per person",
    duration: "2 days (weekend)",
    group_size_min: 2,
    group_size_max: 4,
    skill_level: "intermediate",
    category: "combined",
    requires_certification: true,
    tags: ["dive and camp", "Jervis Bay", "Murramarang", "weekend getaway", "certified divers"],
    location: "Jervis Bay, Murramarang National Park and Bawley Point, NSW South Coast",
    meeting_point:
      "Plantation Point Reserve, Vincentia, Jervis Bay (about 2.5 hours south of Sydney; carpooling can be arranged)",
    what_to_bring: [
      "Dive certification card and logbook",
      "Sleeping bag and pillow (we can lend one if you ask in advance)",
      "Warm clothes for the evening and a beanie",
      "Head torch",
      "Swimmers, towels and a change of clothes",
      "Personal toiletries and any medication",
      "Reef-safe sunscreen, hat and sunglasses",
    ],
    included_items: [
      "Three guided shore dives with a PADI instructor",
      "Full dive kit and tanks for all three dives",
      "One night's camping at Pretty Beach, Murramarang National Park",
      "Tent, sleeping mat, camp chairs and all cooking gear, set up for you",
      "Saturday lunch and dinner, Sunday breakfast and lunch",
      "National park camping and entry fees",
      "Underwater photos from the weekend",
    ],
    excluded_items: [
      "Transport to Jervis Bay (carpooling can be arranged)",
      "Alcoholic drinks (BYO in moderation, never before diving)",
      "Sleeping bag if you don't request a loan",
    ],
    highlights: [
      "Three dives across Jervis Bay and the Murramarang coast",
      "Beachside camping with kangaroos in Murramarang National Park",
      "Star-filled skies far from the city lights",
      "All camp gear set up and all meals cooked for you",
      "Small group of at most four divers",
    ],
    itinerary: [
      "Day 1, 8:30 AM - Meet at Plantation Point Reserve, Vincentia, for coffee and certification checks",
      "Day 1, 9:30 AM - Dive one: Plantation Point sponge gardens and sea dragon hunt",
      "Day 1, 12:00 PM - Lunch on the grass overlooking Jervis Bay",
      "Day 1, 1:30 PM - Dive two: a second Jervis Bay site chosen for the conditions",
      "Day 1, 3:30 PM - Drive south to Pretty Beach, Murramarang National Park",
      "Day 1, 5:00 PM - Settle into camp and meet the local kangaroos",
      "Day 1, 7:00 PM - Barbecue dinner and stargazing",
      "Day 2, 7:00 AM - Sunrise coffee and a hearty camp breakfast",
      "Day 2, 9:00 AM - Dive three: Bawley Point or Ulladulla rocky reef",
      "Day 2, 12:30 PM - Lunch, pack up and farewell by 2:00 PM",
    ],
    best_for: [
      "Certified divers wanting a proper weekend away",
      "Couples and friends who love the outdoors",
      "Sydneysiders who've never explored the South Coast underwater",
    ],
    min_age: 12,
    max_age: null,
    fitness_requirements:
      "Open Water certification or equivalent is required, along with the fitness to do three shore dives over two days, carry light gear over sand and rocks and sleep comfortably in a tent. A completed diving medical questionnaire is required.",
    is_featured: false,
    sort_order: 6,
    meta_title: "2-Day Dive & Camp Weekend, Jervis Bay | Tidewater Dive",
    meta_description:
      "Three guided shore dives in Jervis Bay and Bawley Point, with a night camping with kangaroos in Murramarang National Park. Meals and all gear included.",
    meta_keywords:
      "dive and camp weekend nsw, jervis bay diving, murramarang camping, south coast dive trip, bawley point dive",
    legacy: { category: "Both", skillLevel: "Certified", groupSize: "2-4 people" },
  },
  {
    id: "camping-diving-1night",
    slug: "camping-diving-1night",
    title: "Overnight Dive & Camp",
    tagline: "Dive by day, camp by the water at night in Royal National Park near Bundeena",
    short_description:
      "An easy overnight escape just south of Sydney: two beginner-friendly dives off Bundeena and a night at Bonnie Vale campground in Royal National Park.",
    full_description:
      "You don't have to drive for hours to feel a world away. Just across Port Hacking from Cronulla, Bundeena sits on the edge of Royal National Park, and the Bonnie Vale campground puts your tent a few steps from calm, clear water. It's the perfect first dive-and-camp adventure, and no certification is needed.\n\nWe dive the sheltered seagrass beds and rocky edges around Jibbon Beach, where you might meet cuttlefish, stingrays, seahorses and schools of bream. Newcomers dive with Liam on a Discover Scuba-style introduction, staying shallow and close, while certified divers enjoy a guided dive at their own level.\n\nBetween dives there's time for a walk out to the Aboriginal rock engravings at Jibbon Head, and once the sun sets we cook dinner, swap stories and look for the Southern Cross. Next morning, after coffee and breakfast by the water, we dive again while the bay is glassy and still, then pack up by lunchtime.",
    hero_image: "/images/adventures/camping-diving-1night.webp",
    hero_image_alt:
      "Tent pitched beside calm water at Bonnie Vale campground with dive gear drying in the evening light",
    gallery_images: ["/images/gallery/g12.webp", "/images/gallery/g14.webp", "/images/gallery/g04.webp"],
    base_price: 295,
    price_display: "$295 per person",
    duration: "Overnight (1 night)",
    group_size_min: 2,
    group_size_max: 3,
    skill_level: "beginner",
    category: "combined",
    requires_certification: false,
    tags: ["overnight", "Royal National Park", "beginner friendly", "dive and camp"],
    location: "Bundeena and Bonnie Vale, Royal National Park",
    meeting_point:
      "Bonnie Vale campground, Royal National Park, Bundeena (or meet us at Bundeena Wharf off the Cronulla ferry)",
    what_to_bring: [
      "Sleeping bag and pillow (loans available on request)",
      "Warm clothes, beanie and a rain jacket",
      "Head torch",
      "Swimmers, towels and a change of clothes",
      "Walking shoes for the Jibbon Head track",
      "Toiletries and personal medication",
      "Dive certification card if you have one",
    ],
    included_items: [
      "Two shore dives: a Discover Scuba-style introduction or a guided dive if certified",
      "Full dive kit for both dives",
      "One night's camping at Bonnie Vale campground",
      "Tent, sleeping mat, camp chairs and cooking gear, set up for you",
      "Dinner, breakfast and snacks",
      "National park vehicle entry and camping fees",
      "Guided walk to the Jibbon Head rock engravings",
    ],
    excluded_items: [
      "Transport to Bundeena or the Cronulla ferry fare",
      "Alcoholic drinks",
      "Sleeping bag if you don't request a loan",
    ],
    highlights: [
      "No certification needed",
      "Camp a few steps from the water, less than an hour from Sydney",
      "Two relaxed dives in sheltered Port Hacking",
      "Aboriginal rock engravings at Jibbon Head",
      "Tiny group of two or three",
    ],
    itinerary: [
      "Day 1, 12:30 PM - Meet at Bonnie Vale campground and settle into camp",
      "Day 1, 1:00 PM - Dive briefing, gear fitting and shallow skills practice",
      "Day 1, 2:00 PM - Dive one: seagrass and rocky reef off Jibbon Beach",
      "Day 1, 4:00 PM - Walk to the Jibbon Head rock engravings and coastal lookout",
      "Day 1, 6:30 PM - Camp dinner as the sun goes down",
      "Day 1, 8:30 PM - Stargazing and stories before bed",
      "Day 2, 7:00 AM - Coffee and breakfast by the water",
      "Day 2, 8:30 AM - Dive two on the glassy morning bay",
      "Day 2, 11:00 AM - Pack up, final photos and farewell by 12:00 PM",
    ],
    best_for: [
      "Beginners wanting their first dive-and-camp trip",
      "Couples and friends after an easy weekend escape",
      "Certified divers who want a relaxed, close-to-home overnighter",
    ],
    min_age: 12,
    max_age: null,
    fitness_requirements:
      "You should be able to swim 50 metres, walk a few kilometres on a coastal track and sleep comfortably in a tent. All divers complete a diving medical questionnaire before the trip.",
    is_featured: false,
    sort_order: 7,
    meta_title: "Overnight Dive & Camp, Royal National Park | Tidewater",
    meta_description:
      "Dive Bundeena's calm bay and camp overnight at Bonnie Vale, Royal National Park. No certification needed; two dives, meals and all camp gear included.",
    meta_keywords:
      "overnight dive and camp sydney, bundeena diving, royal national park camping, bonnie vale campground, beginner dive trip",
    legacy: { category: "Both", skillLevel: "Beginner", groupSize: "2-3 people" },
  },
  {
    id: "camping-only-2day",
    slug: "camping-only-2day",
    title: "2-Day Coastal Camping Escape",
    tagline: "Beaches, bushwalks, kayaks and kangaroos on a weekend in Murramarang National Park",
    short_description:
      "No diving, just the best of the South Coast: beachside camping at Depot Beach, coastal walks, kayaking, rock-pool snorkelling and starry skies.",
    full_description:
      "Not everyone wants to dive, and the South Coast is just as magical from the surface. This weekend escape takes you to Depot Beach in Murramarang National Park, where spotted gum forest runs right down to the sand and kangaroos wander through camp at dusk.\n\nSaturday is for exploring: a walk through the Depot Beach rainforest, a paddle on the calm waters of Durras Lake and an afternoon poking around the rock pools with a mask and snorkel, where you'll find sea stars, crabs, anemones and curious little fish. Evenings are for a barbecue dinner, marshmallows and a Milky Way bright enough to cast shadows.\n\nOn Sunday we follow the coastal track to a quiet headland for sunrise, look out for dolphins and, between May and November, migrating humpback whales. Everything is set up and cooked for you, so all you need to bring is a sleeping bag and a sense of adventure. Children aged 8 and over are welcome with a parent or guardian.",
    hero_image: "/images/adventures/camping-only-2day.webp",
    hero_image_alt:
      "Tent at dusk behind Depot Beach in Murramarang National Park with kangaroos grazing nearby",
    gallery_images: ["/images/gallery/g04.webp", "/images/gallery/g15.webp", "/images/gallery/g11.webp"],
    base_price: 245,
    price_display: "$245 per person",
    duration: "2 days (weekend)",
    group_size_min: 2,
    group_size_max: 4,
    skill_level: "beginner",
    category: "camping",
    requires_certification: false,
    tags: ["camping", "family friendly", "Murramarang", "kayaking", "bushwalking"],
    location: "Depot Beach, Murramarang National Park, NSW South Coast",
    meeting_point:
      "Depot Beach campground, Murramarang National Park (about 3.5 hours south of Sydney; carpooling can be arranged)",
    what_to_bring: [
      "Sleeping bag and pillow (loans available on request)",
      "Warm layers, beanie and a rain jacket",
      "Sturdy walking shoes",
      "Head torch",
      "Swimmers and towel",
      "Reef-safe sunscreen, hat and insect repellent",
      "Toiletries and personal medication",
    ],
    included_items: [
      "Guided weekend with an experienced outdoor guide",
      "One night's camping at Depot Beach campground",
      "Tent, sleeping mat, camp chairs and cooking gear, set up for you",
      "Saturday lunch and dinner, Sunday breakfast and lunch",
      "Kayak, paddle and life jacket for the Durras Lake paddle",
      "Snorkelling gear for rock-pool exploring",
      "National park camping and entry fees",
    ],
    excluded_items: [
      "Transport to Depot Beach (carpooling can be arranged)",
      "Alcoholic drinks",
      "Sleeping bag if you don't request a loan",
    ],
    highlights: [
      "Beachfront camping with kangaroos in Murramarang National Park",
      "Kayaking on calm Durras Lake",
      "Rock-pool snorkelling and coastal rainforest walks",
      "Dark-sky stargazing and whale watching in season",
      "Family friendly for children aged 8 and over",
    ],
    itinerary: [
      "Day 1, 10:00 AM - Meet at Depot Beach campground and settle in",
      "Day 1, 10:30 AM - Depot Beach rainforest walk",
      "Day 1, 12:30 PM - Lunch at camp",
      "Day 1, 1:30 PM - Kayak paddle on Durras Lake",
      "Day 1, 4:00 PM - Rock-pool snorkelling and beach time",
      "Day 1, 6:30 PM - Barbecue dinner, marshmallows and stargazing",
      "Day 2, 6:00 AM - Sunrise walk along the coastal track",
      "Day 2, 8:00 AM - Big camp breakfast",
      "Day 2, 9:30 AM - Headland walk and whale watching (May to November)",
      "Day 2, 12:30 PM - Lunch, pack up and farewell by 2:00 PM",
    ],
    best_for: [
      "Families with children aged 8 and over",
      "Non-divers and partners of divers",
      "First-time campers",
      "Anyone needing a weekend off the grid",
    ],
    min_age: 8,
    max_age: null,
    fitness_requirements:
      "You should be comfortable walking up to 8 kilometres on uneven coastal tracks over the weekend and paddling a stable kayak for an hour. Children aged 8 to 17 must be accompanied by a parent or guardian.",
    is_featured: false,
    sort_order: 8,
    meta_title: "2-Day Coastal Camping Escape, Murramarang | Tidewater",
    meta_description:
      "A guided weekend camping at Depot Beach in Murramarang National Park, with kayaking, rock-pool snorkelling and coastal walks. Family friendly, ages 8 and up.",
    meta_keywords:
      "murramarang camping, depot beach camping, south coast camping weekend, family camping nsw, durras lake kayak",
    legacy: { category: "Camping", skillLevel: "Beginner", groupSize: "2-4 people" },
  },
];

export interface SeedTestimonial {
  customer_name: string;
  location: string;
  content: string;
  rating: number;
  adventure_type: string;
  is_featured: boolean;
}

export const testimonials: SeedTestimonial[] = [
  {
    customer_name: "Sophie Nguyen",
    location: "Marrickville, Sydney",
    content:
      "I was genuinely nervous about breathing underwater, but Liam was so calm and patient that I forgot to be scared within about five minutes. We saw a massive blue groper who followed us around like a puppy. I've already booked my Open Water course!",
    rating: 5,
    adventure_type: "dive-exhibition",
    is_featured: true,
  },
  {
    customer_name: "Jonas Weber",
    location: "Munich, Germany",
    content:
      "I have dived in Egypt, Thailand and Indonesia, but I had never seen a weedy sea dragon until this trip. Liam found three at Bare Island and another at Kurnell, and he knew exactly where to look. Very professional, very small group, and an excellent lunch between the dives.",
    rating: 5,
    adventure_type: "dive-trip-shore",
    is_featured: true,
  },
  {
    customer_name: "Priya and Dan Sharma",
    location: "Parramatta, Sydney",
    content:
      "Our best weekend in years. Two gorgeous dives in Jervis Bay, dinner with kangaroos hopping past the campsite and the clearest night sky we've ever seen. Everything was organised down to the last tent peg, so we just turned up and enjoyed it.",
    rating: 5,
    adventure_type: "camping-diving-2day",
    is_featured: true,
  },
  {
    customer_name: "Tom Hargreaves",
    location: "Manchester, UK (backpacking through Australia)",
    content:
      "Had a spare morning in Sydney and a dusty certification card, so I booked the guided shore dive. Liam gave me a quick refresher first, then showed me Gordons Bay properly: Port Jackson sharks, nudibranchs everywhere and a groper the size of a Labrador. Best money I spent on my whole trip.",
    rating: 5,
    adventure_type: "guided-shore-dive",
    is_featured: true,
  },
  {
    customer_name: "Emma Collins",
    location: "Fitzroy, Melbourne",
    content:
      "My first night dive and I'm hooked. We counted seven Port Jackson sharks, watched a cuttlefish change colour in the torchlight and found an octopus out hunting. Hot chocolate on the beach afterwards was the perfect finish.",
    rating: 5,
    adventure_type: "night-dive-experience",
    is_featured: false,
  },
  {
    customer_name: "Dave Mitchell",
    location: "Newcastle, NSW",
    content:
      "Took my two kids (9 and 12) on the camping weekend and they haven't stopped talking about it. Kayaking on Durras Lake, rock-pool snorkelling and roasting marshmallows under the Milky Way. Liam was brilliant with them and made sure the grown-ups had a good time too.",
    rating: 5,
    adventure_type: "camping-only-2day",
    is_featured: false,
  },
];

export interface SeedGalleryImage {
  title: string;
  description: string;
  alt: string;
  category: (typeof GALLERY_CATEGORIES)[number]["value"];
  image_url: string;
  tags: string[];
}

export const galleryImages: SeedGalleryImage[] = [
  {
    title: "Reef Fish Parade",
    description:
      "A shimmering school of yellowtail and old wives sweeps over the reef in Cabbage Tree Bay, Manly.",
    alt: "Large school of silver and striped reef fish swimming over a rocky reef",
    category: "diving",
    image_url: "/images/gallery/g01.webp",
    tags: ["reef fish", "Manly", "marine life"],
  },
  {
    title: "Gliding Over the Kelp",
    description:
      "A diver drifts above a golden kelp forest on one of Sydney's rocky reefs, sunlight filtering down from above.",
    alt: "Scuba diver swimming above a swaying golden kelp forest",
    category: "diving",
    image_url: "/images/gallery/g02.webp",
    tags: ["kelp forest", "scuba", "Sydney reefs"],
  },
  {
    title: "Grey Nurse Shark",
    description:
      "A critically endangered grey nurse shark cruises past, calm and unbothered, on the NSW coast.",
    alt: "Grey nurse shark with ragged teeth swimming slowly in blue water",
    category: "diving",
    image_url: "/images/gallery/g03.webp",
    tags: ["grey nurse shark", "sharks", "marine life", "NSW coast"],
  },
  {
    title: "Beachside Camp at Dusk",
    description:
      "Our tent glows in the last light behind the dunes in Murramarang National Park as the waves roll in.",
    alt: "Lit tent pitched near the beach at dusk with a pink and blue sky",
    category: "camping",
    image_url: "/images/gallery/g04.webp",
    tags: ["camping", "dusk", "Murramarang", "beach"],
  },
  {
    title: "Campfire and Billy Can",
    description: "The billy on the boil at the end of a big day, ready for tea and damper around the fire.",
    alt: "Blackened billy can hanging over a crackling campfire at night",
    category: "camping",
    image_url: "/images/gallery/g05.webp",
    tags: ["campfire", "billy tea", "camp cooking"],
  },
  {
    title: "Gear Ready to Go",
    description:
      "Mask, fins, wetsuit and tank laid out and checked before a dive. Every piece of kit is included on our trips.",
    alt: "Scuba mask, fins and an aluminium tank laid out on the grass",
    category: "equipment",
    image_url: "/images/gallery/g06.webp",
    tags: ["dive gear", "mask and fins", "included gear"],
  },
  {
    title: "Regulator and BCD",
    description:
      "A close look at the well-maintained BCDs and regulators we use, serviced regularly and checked before every dive.",
    alt: "Close-up of a scuba BCD with regulator and pressure gauge attached",
    category: "equipment",
    image_url: "/images/gallery/g07.webp",
    tags: ["regulator", "BCD", "equipment", "safety"],
  },
  {
    title: "All OK Down Here",
    description:
      "Four divers and Liam exchange the OK sign underwater. Small groups mean everyone gets proper attention.",
    alt: "Group of four scuba divers and their instructor making the OK hand signal underwater",
    category: "team",
    image_url: "/images/gallery/g08.webp",
    tags: ["small group", "instructor", "OK sign"],
  },
  {
    title: "Smiles After the Dive",
    description: "Salty hair, big grins and plenty of stories on the beach after a morning dive in Sydney.",
    alt: "Group of divers in wetsuits laughing together on the beach after a dive",
    category: "team",
    image_url: "/images/gallery/g09.webp",
    tags: ["group", "beach", "after the dive"],
  },
  {
    title: "Rock Pool Explorer",
    description:
      "Snorkelling over a crystal-clear rock pool on the South Coast, full of sea stars, crabs and tiny fish.",
    alt: "Snorkeller floating face-down over a clear rock pool with seaweed and rocks below",
    category: "adventure",
    image_url: "/images/gallery/g10.webp",
    tags: ["snorkelling", "rock pool", "South Coast"],
  },
  {
    title: "Paddling the Headland",
    description:
      "A kayak rounds a sandstone headland on a glassy morning, exploring sea caves and hidden coves.",
    alt: "Kayaker paddling beside a rugged sandstone headland on calm water",
    category: "adventure",
    image_url: "/images/gallery/g11.webp",
    tags: ["kayaking", "headland", "coastline"],
  },
  {
    title: "Sunset Surface, Camp on Shore",
    description:
      "A diver surfaces at sunset with camp already set up on the shore: the dive-and-camp life in one frame.",
    alt: "Diver surfacing in calm water at sunset with a tent on the beach behind",
    category: "both",
    image_url: "/images/gallery/g12.webp",
    tags: ["dive and camp", "sunset", "camping", "scuba"],
  },
  {
    title: "Weedy Sea Dragon",
    description:
      "Found only in southern Australian waters, the weedy sea dragon is the star of Sydney's shore dives.",
    alt: "Weedy sea dragon with leaf-like appendages hovering above kelp",
    category: "nature",
    image_url: "/images/gallery/g13.webp",
    tags: ["weedy sea dragon", "marine life", "Sydney diving"],
  },
  {
    title: "Milky Way Over the Coast",
    description:
      "Far from the city lights, the Milky Way arches over the South Coast on a clear winter night.",
    alt: "Milky Way stretching across a starry sky above a dark coastline",
    category: "nature",
    image_url: "/images/gallery/g14.webp",
    tags: ["Milky Way", "stargazing", "night sky"],
  },
  {
    title: "On the Coastal Track",
    description:
      "A hiker follows the coastal walking track through banksias and spotted gums with the ocean below.",
    alt: "Hiker with a daypack walking a coastal track above the ocean",
    category: "hiking",
    image_url: "/images/gallery/g15.webp",
    tags: ["bushwalking", "coastal walk", "hiking"],
  },
];

export interface SeedFaq {
  category: string;
  question: string;
  answer: string;
  order: number;
}

export const faqs: SeedFaq[] = [
  // Getting Started
  {
    category: "Getting Started",
    question: "Do I need to be certified to dive with you?",
    answer:
      "Not for every trip. Discover Scuba Diving and the Underwater Treasure Hunt need no certification or experience at all, and beginners are also welcome on the Overnight Dive & Camp. Our certified dives (Guided Shore Dive, Double Shore Dive Day Trip, Night Dive, Underwater Scooter Dive and the 2-Day Dive & Camp Weekend) require an Open Water certification or equivalent from PADI, SSI, NAUI or another recognised agency.",
    order: 0,
  },
  {
    category: "Getting Started",
    question: "What is the minimum age?",
    answer:
      "The minimum age for all diving adventures is {diving_min_age}. Divers under 18 need a parent or guardian's consent. Our camping-only trip welcomes children aged {camping_min_age} and over when accompanied by a parent or guardian.",
    order: 1,
  },
  {
    category: "Getting Started",
    question: "How big are the groups?",
    answer:
      "Tiny. We take a maximum of 4 people per trip, and some adventures, like the Night Dive and the Underwater Scooter Dive, are limited to just 2. Every trip is led personally by Liam, so you get real attention rather than being one of a crowd.",
    order: 2,
  },
  {
    category: "Getting Started",
    question: "How do I get in touch, and how quickly will you reply?",
    answer:
      "Email us at hello@tidewaterdive.com.au and we'll reply within 24 hours, or message us on WhatsApp on +61 491 570 156 for a reply within 2 to 4 hours during our opening hours (daily, 6:00 AM to 8:00 PM). If we're underwater when you message, we'll get back to you as soon as we surface.",
    order: 3,
  },
  // Safety & Equipment
  {
    category: "Safety & Equipment",
    question: "Is all the gear included?",
    answer:
      "Yes. All gear is included on every adventure: wetsuit, mask, fins, BCD, regulator, weights, tank and a dive computer if you need one. Camping trips include tents, sleeping mats, camp chairs and cooking gear. You're welcome to bring your own mask or computer if you prefer them.",
    order: 0,
  },
  {
    category: "Safety & Equipment",
    question: "How do you keep us safe?",
    answer:
      "Liam has been a PADI instructor since 2016 and holds current Emergency First Response, Oxygen Provider, Senior First Aid and Wilderness First Aid qualifications. We carry emergency oxygen and a full first aid kit on every trip, check conditions carefully before every dive, and keep groups to a maximum of 4. After more than 8 years and 500+ adventurers, our safety record is 100%.",
    order: 1,
  },
  {
    category: "Safety & Equipment",
    question: "What happens in an emergency?",
    answer:
      "Every trip has an emergency plan for the site, including the nearest hospital and the best access point for an ambulance. In an emergency we give first aid and oxygen immediately and call 000, Australia's emergency number. We also carry the Divers Alert Network emergency hotline details for diving-related advice.",
    order: 2,
  },
  {
    category: "Safety & Equipment",
    question: "How often is the equipment serviced?",
    answer:
      "Regulators and BCDs are serviced to the manufacturer's schedule, tanks are hydrostatically tested and visually inspected as required under Australian Standards, and every piece of kit is checked before each trip. Wetsuits are washed and disinfected after every use.",
    order: 3,
  },
  // Weather & Conditions
  {
    category: "Weather & Conditions",
    question: "What happens if the weather is bad?",
    answer:
      "Safety always comes first. We check swell, wind and visibility forecasts in the days before your trip and again on the morning. Often we can simply move to a more sheltered site. If conditions aren't safe anywhere, we'll cancel and you choose between a full refund or a free reschedule to another date.",
    order: 0,
  },
  {
    category: "Weather & Conditions",
    question: "How cold is the water?",
    answer:
      "Sydney's water ranges from about 17°C in late winter to around 23°C in late summer, and the South Coast is a degree or two cooler. We supply 7 mm wetsuits, with hoods and gloves available in the cooler months, so most people are surprisingly comfortable.",
    order: 1,
  },
  {
    category: "Weather & Conditions",
    question: "When is the best time of year to dive in Sydney?",
    answer:
      "Sydney is a year-round dive destination. Late summer and autumn usually bring the warmest water and best visibility, winter brings Port Jackson sharks and often glassy westerly conditions, and spring is great for cuttlefish and nudibranchs. Whale season runs from May to November on our camping trips.",
    order: 2,
  },
  {
    category: "Weather & Conditions",
    question: "What visibility can I expect?",
    answer:
      "Typically 5 to 15 metres at our Sydney sites, and sometimes more than 20 metres in Jervis Bay. Visibility drops after heavy rain or big swell, which is one of the reasons we choose the site on the day.",
    order: 3,
  },
  // Booking & Pricing
  {
    category: "Booking & Pricing",
    question: "How far ahead should I book?",
    answer:
      "We recommend booking 3 to 7 days ahead, and earlier for weekends, school holidays and the camping trips, as groups are small and spots go quickly. If you're hoping for something sooner, send us a WhatsApp message and we'll do our best to fit you in.",
    order: 0,
  },
  {
    category: "Booking & Pricing",
    question: "What is your cancellation policy?",
    answer:
      "{cancellation_policy} If we cancel because of weather or safety, you'll get a full refund or a free reschedule, whichever you prefer.",
    order: 1,
  },
  {
    category: "Booking & Pricing",
    question: "What is included in the price?",
    answer:
      "All prices are per person in Australian dollars and include your guide, all dive and camping gear, and the snacks or meals listed for each adventure. National park fees are included on camping trips. Transport to the meeting point isn't included, but we're happy to help arrange carpooling for the South Coast trips.",
    order: 2,
  },
  {
    category: "Booking & Pricing",
    question: "Can I book a private trip for my group?",
    answer:
      "Yes. Because our groups are capped at 4, booking all the spots on a date makes the trip yours alone. Just let us know when you book and we'll tailor the pace and sites to your group.",
    order: 3,
  },
  // Specific Adventures
  {
    category: "Specific Adventures",
    question: "What is the Underwater Treasure Hunt?",
    answer:
      "It's a beginner-friendly scuba experience at Clovelly that combines a Discover Scuba-style introduction with a treasure quest. No certification is needed. You follow a waterproof map and clues to find weighted tokens hidden on the sand, swap them for prizes on the beach, and we take every token home so nothing is left behind.",
    order: 0,
  },
  {
    category: "Specific Adventures",
    question: "Do I need night diving experience for the Night Dive?",
    answer:
      "No previous night dives are needed, but you do need an Open Water certification or equivalent and comfortable buoyancy control. We give a thorough briefing on torch signals and buddy contact, and supply primary and backup torches.",
    order: 1,
  },
  {
    category: "Specific Adventures",
    question: "Can non-divers come on the camping trips?",
    answer:
      "Absolutely. The 2-Day Coastal Camping Escape involves no diving at all, just walks, kayaking, rock-pool snorkelling and campfire evenings. On the dive and camp trips, non-diving partners can sometimes join the camping side; get in touch and we'll let you know what's possible.",
    order: 2,
  },
  {
    category: "Specific Adventures",
    question: "What are the campsites like?",
    answer:
      "We camp at national park campgrounds right by the water: Bonnie Vale in Royal National Park, and Pretty Beach and Depot Beach in Murramarang National Park. They have toilets, showers and barbecues, and we set up the tents and camp kitchen before you arrive.",
    order: 3,
  },
  // Health & Accessibility
  {
    category: "Health & Accessibility",
    question: "Do I need a medical for diving?",
    answer:
      "Every diver answers a short diving medical questionnaire before their trip, online with their details and the waiver, from the private link in your booking confirmation. If you answer yes to any question, such as certain heart, lung or ear conditions, you'll need a doctor's sign-off before diving. It's quick, and it keeps everyone safe.",
    order: 0,
  },
  {
    category: "Health & Accessibility",
    question: "Can I fly after diving?",
    answer:
      "We recommend waiting at least 18 hours after multiple dives, or 12 hours after a single dive, before flying or driving over high mountain passes. Keep this in mind if you're flying out of Sydney after your trip.",
    order: 1,
  },
  {
    category: "Health & Accessibility",
    question: "Can you cater for dietary requirements?",
    answer:
      "Yes. Tell us about any allergies or dietary needs when you book, whether vegetarian, vegan, gluten free or anything else, and we'll plan the camp menu and snacks around them.",
    order: 2,
  },
  {
    category: "Health & Accessibility",
    question: "I have limited mobility. Can I still join?",
    answer:
      "Many of our sites have short walks and rocky entries, but we're always happy to talk through what's possible. Shelly Beach and Clovelly have the easiest access, and with a private booking we can adjust the pace and plan. Please email us so we can chat about your needs.",
    order: 3,
  },
];

export interface SeedContent {
  page: string;
  section: string;
  type: "text" | "html" | "json";
  title: string;
  content: string;
  description: string;
}

export const contentSections: SeedContent[] = [
  // Homepage
  {
    page: "homepage",
    section: "hero_title",
    type: "text",
    title: "Hero title",
    content: "Dive Sydney's Coast. Camp Under Its Stars.",
    description: "Main heading in the homepage hero",
  },
  {
    page: "homepage",
    section: "hero_subtitle",
    type: "text",
    title: "Hero subtitle",
    content: "Small-group scuba, snorkelling and camping adventures from Sydney to Ulladulla",
    description: "Subheading shown under the homepage hero title",
  },
  {
    page: "homepage",
    section: "hero_description",
    type: "text",
    title: "Hero description",
    content:
      "Meet weedy sea dragons, blue gropers and Port Jackson sharks, then fall asleep to the sound of the waves. Every adventure is led by PADI instructor Liam Carter, with never more than four people and all gear included.",
    description: "Intro paragraph in the homepage hero",
  },
  {
    page: "homepage",
    section: "hero_background",
    type: "text",
    title: "Hero background image",
    content: "/images/site/home-hero.webp",
    description: "Background image path for the homepage hero",
  },
  {
    page: "homepage",
    section: "feature1_title",
    type: "text",
    title: "Feature 1 title",
    content: "Never More Than Four",
    description: "First 'what makes us different' item heading on the homepage",
  },
  {
    page: "homepage",
    section: "feature1_description",
    type: "text",
    title: "Feature 1 description",
    content:
      "No crowded boats or long queues at the entry. With a maximum of four people per trip, you get real attention, more time underwater and a pace that suits you.",
    description: "First 'what makes us different' item text on the homepage",
  },
  {
    page: "homepage",
    section: "feature1_image",
    type: "text",
    title: "Feature 1 image",
    content: "/images/gallery/g08.webp",
    description: "First 'what makes us different' item image on the homepage",
  },
  {
    page: "homepage",
    section: "feature2_title",
    type: "text",
    title: "Feature 2 title",
    content: "One Instructor, Start to Finish",
    description: "Second 'what makes us different' item heading on the homepage",
  },
  {
    page: "homepage",
    section: "feature2_description",
    type: "text",
    title: "Feature 2 description",
    content:
      "Every adventure is led personally by Liam, a PADI instructor since 2016. The person who answers your first message is the person beside you on the reef.",
    description: "Second 'what makes us different' item text on the homepage",
  },
  {
    page: "homepage",
    section: "feature2_image",
    type: "text",
    title: "Feature 2 image",
    content: "/images/gallery/g09.webp",
    description: "Second 'what makes us different' item image on the homepage",
  },
  {
    page: "homepage",
    section: "feature3_title",
    type: "text",
    title: "Feature 3 title",
    content: "All Gear Included",
    description: "Third 'what makes us different' item heading on the homepage",
  },
  {
    page: "homepage",
    section: "feature3_description",
    type: "text",
    title: "Feature 3 description",
    content:
      "Wetsuits, tanks, regulators, tents and camp kitchens: it's all serviced, packed and set up for you. Just bring your swimmers and a sense of adventure.",
    description: "Third 'what makes us different' item text on the homepage",
  },
  {
    page: "homepage",
    section: "feature3_image",
    type: "text",
    title: "Feature 3 image",
    content: "/images/gallery/g06.webp",
    description: "Third 'what makes us different' item image on the homepage",
  },
  {
    page: "homepage",
    section: "about_title",
    type: "text",
    title: "About section title",
    content: "Local Waters, Local Guide",
    description: "Heading of the short about section on the homepage",
  },
  {
    page: "homepage",
    section: "about_text",
    type: "text",
    title: "About section text",
    content:
      "Tidewater Dive & Camp is a small, Sydney-based adventure company run by PADI instructor Liam Carter. For more than eight years Liam has guided over 500 adventurers along the NSW coast, from the sheltered bays of Manly and Clovelly to the wild beaches of Murramarang, with a 100% safety record. He keeps things small, unhurried and personal, because that's how the ocean is best enjoyed.",
    description: "Short about paragraph on the homepage",
  },
  {
    page: "homepage",
    section: "cta_title",
    type: "text",
    title: "Call to action title",
    content: "Ready to Get Salty?",
    description: "Heading of the booking call-to-action band on the homepage",
  },
  {
    page: "homepage",
    section: "cta_text",
    type: "text",
    title: "Call to action text",
    content:
      "Spots are limited to four per trip, so book 3 to 7 days ahead to secure your date. Questions first? Message Liam on WhatsApp and you'll usually hear back within a few hours.",
    description: "Text of the booking call-to-action band on the homepage",
  },
  // About
  {
    page: "about",
    section: "about_hero_title",
    type: "text",
    title: "About hero title",
    content: "Meet Your Guide",
    description: "Main heading in the About page hero",
  },
  {
    page: "about",
    section: "about_hero_description",
    type: "text",
    title: "About hero description",
    content:
      "Tidewater Dive & Camp is one instructor, a van full of well-loved gear and a deep love for the NSW coast. Here's the story behind it.",
    description: "Intro text in the About page hero",
  },
  {
    page: "about",
    section: "about_story_title",
    type: "text",
    title: "Story title",
    content: "From Rock Pools to Reef Guide",
    description: "Heading of the guide biography on the About page",
  },
  {
    page: "about",
    section: "about_story_content",
    type: "html",
    title: "Story content",
    content:
      "<p>Liam Carter grew up on Sydney's Northern Beaches, spending school holidays with his head in the rock pools at Long Reef and weekends camping with his family down the South Coast. He took his first breath underwater at Shelly Beach as a teenager, came face to face with a blue groper twice his size, and never really came back up.</p><p>After years of recreational diving and a stint working on dive boats, Liam qualified as a PADI Open Water Scuba Instructor in 2016. Since then he has guided more than 500 adventurers, from nervous first-timers to seasoned divers from around the world, through the kelp forests, sponge gardens and sea dragon haunts between Sydney and Ulladulla, all with a 100% safety record.</p><p>Tidewater Dive & Camp grew out of the trips Liam used to plan for his mates: dive all day, camp by the water, cook something good and watch the stars come out. He started the business to share those weekends with more people, keeping groups to four so that every trip still feels like an adventure with friends.</p>",
    description: "Guide biography on the About page (HTML paragraphs)",
  },
  {
    page: "about",
    section: "about_image_main",
    type: "text",
    title: "Main about image",
    content: "/images/site/about-main.webp",
    description: "Main image path on the About page",
  },
  {
    page: "about",
    section: "about_image_guide",
    type: "text",
    title: "Guide portrait",
    content: "/images/site/about-guide.webp",
    description: "Portrait of the guide on the About page",
  },
  {
    page: "about",
    section: "philosophy_title",
    type: "text",
    title: "Philosophy title",
    content: "Small Groups, Big Respect for the Ocean",
    description: "Heading of the philosophy section on the About page",
  },
  {
    page: "about",
    section: "philosophy_content",
    type: "html",
    title: "Philosophy content",
    content:
      "<p>We believe the best adventures are small ones. With a maximum of four people, nobody gets left behind, everyone gets time to ask questions, and we can slow down to watch a cuttlefish change colour or wait for a sea dragon to turn side-on for a photo.</p><p>We also believe in leaving every site better than we found it. We dive with good buoyancy and never touch or feed marine life, we collect rubbish on every trip, and we follow leave-no-trace principles at every campsite. Much of our diving happens in protected aquatic reserves and marine parks, and we want them to stay spectacular for the next generation.</p><p>Above all, safety is never negotiable. If the conditions aren't right, we change the site or change the date, and you never pay for the weather.</p>",
    description: "Philosophy section on the About page (HTML paragraphs)",
  },
  {
    page: "about",
    section: "certifications_title",
    type: "text",
    title: "Certifications title",
    content: "Qualifications & Credentials",
    description: "Heading of the certifications list on the About page",
  },
  {
    page: "about",
    section: "certifications_content",
    type: "html",
    title: "Certifications content",
    content:
      "<ul><li>PADI Open Water Scuba Instructor (2016)</li><li>Emergency First Response Primary and Secondary Care</li><li>Oxygen Provider</li><li>Senior First Aid (HLTAID011 Provide First Aid)</li><li>Wilderness First Aid</li><li>NSW Working with Children Check</li><li>NSW National Parks and Wildlife Service commercial tour operator licence</li></ul>",
    description: "List of the guide's qualifications on the About page (HTML list)",
  },
  // Adventures
  {
    page: "adventures",
    section: "adventures_hero_title",
    type: "text",
    title: "Adventures hero title",
    content: "Choose Your Adventure",
    description: "Main heading in the Adventures page hero",
  },
  {
    page: "adventures",
    section: "adventures_hero_description",
    type: "text",
    title: "Adventures hero description",
    content:
      "From your very first breath underwater to weekends camping with kangaroos, every trip is small, personal and led by a PADI instructor. Filter by activity, skill level or duration to find your perfect day out.",
    description: "Intro text in the Adventures page hero",
  },
  {
    page: "adventures",
    section: "adventures_background",
    type: "text",
    title: "Adventures hero background",
    content: "/images/site/weekend-hero.webp",
    description: "Background image path for the Adventures page hero",
  },
  // Contact
  {
    page: "contact",
    section: "contact_hero_title",
    type: "text",
    title: "Contact hero title",
    content: "Get In Touch",
    description: "Main heading in the Contact page hero",
  },
  {
    page: "contact",
    section: "contact_description",
    type: "text",
    title: "Contact description",
    content:
      "Have a question about a trip, your certification or the conditions this weekend? Send us a message. We reply to emails within 24 hours and to WhatsApp messages within 2 to 4 hours.",
    description: "Intro text on the Contact page",
  },
  {
    page: "contact",
    section: "contact_email",
    type: "text",
    title: "Contact email",
    content: "hello@tidewaterdive.com.au",
    description: "Email address shown on the Contact page and in the footer",
  },
  {
    page: "contact",
    section: "contact_phone",
    type: "text",
    title: "Contact phone",
    content: "+61 491 570 156",
    description: "Phone number shown on the Contact page and in the footer",
  },
  {
    page: "contact",
    section: "contact_whatsapp",
    type: "text",
    title: "WhatsApp number",
    content: "+61 491 570 156",
    description: "WhatsApp number shown on the Contact page",
  },
  {
    page: "contact",
    section: "contact_address",
    type: "text",
    title: "Service area",
    content: "Sydney NSW, servicing the coast from Sydney to Ulladulla",
    description: "Location and service area shown on the Contact page",
  },
  {
    page: "contact",
    section: "contact_street_address",
    type: "text",
    title: "Street address",
    content: "Shop 3, 88 Cumberland Street",
    description: "The business's street address in Sydney (Admin → Settings), for search engines",
  },
  {
    page: "contact",
    section: "contact_postcode",
    type: "text",
    title: "Postcode",
    content: "2000",
    description: "The business's postcode (Admin → Settings), for search engines",
  },
  {
    page: "contact",
    section: "contact_hours",
    type: "text",
    title: "Opening hours",
    content: "Daily 6:00 AM to 8:00 PM",
    description: "Opening hours shown on the Contact page",
  },
  // Global
  {
    page: "global",
    section: "site_title",
    type: "text",
    title: "Site title",
    content: "Tidewater Dive & Camp",
    description: "Business name used in the header, page titles and emails",
  },
  {
    page: "global",
    section: "site_tagline",
    type: "text",
    title: "Site tagline",
    content: "Small-group diving and coastal camping on the NSW coast",
    description: "Short tagline shown with the site title",
  },
  {
    page: "global",
    section: "guide_name",
    type: "text",
    title: "Guide name",
    content: "Liam Carter",
    description: "Name of the lead instructor used across the site",
  },
  {
    page: "global",
    section: "footer_description",
    type: "text",
    title: "Footer description",
    content:
      "Small-group scuba diving, snorkelling and camping adventures along the NSW coast from Sydney to Ulladulla, led by PADI instructor Liam Carter. Never more than four people, all gear included.",
    description: "Short description in the site footer",
  },
  {
    page: "global",
    section: "copyright_text",
    type: "text",
    title: "Copyright text",
    content: "© {year} Tidewater Dive & Camp. All rights reserved.",
    description: "Copyright line in the footer; {year} is replaced with the current year",
  },
  {
    page: "global",
    section: "social_facebook",
    type: "text",
    title: "Facebook URL",
    content: "https://www.facebook.com/tidewaterdivecamp",
    description: "Facebook link in the footer",
  },
  {
    page: "global",
    section: "social_instagram",
    type: "text",
    title: "Instagram URL",
    content: "https://www.instagram.com/tidewaterdivecamp",
    description: "Instagram link in the footer",
  },
  {
    page: "global",
    section: "social_youtube",
    type: "text",
    title: "YouTube URL",
    content: "https://www.youtube.com/@tidewaterdivecamp",
    description: "YouTube link in the footer",
  },
  {
    page: "global",
    section: "whatsapp_url",
    type: "text",
    title: "WhatsApp link",
    content: "https://wa.me/61491570156",
    description: "WhatsApp chat link used by the floating button and contact links",
  },
  {
    page: "global",
    section: "logo_main",
    type: "text",
    title: "Main logo",
    content: "/logo.svg",
    description: "Logo shown in the site header",
  },
  {
    page: "global",
    section: "logo_footer",
    type: "text",
    title: "Footer logo",
    content: "/logo.svg",
    description: "Logo shown in the site footer",
  },
  // Weekend
  {
    page: "weekend",
    section: "weekend_hero_title",
    type: "text",
    title: "Weekend hero title",
    content: "Weekend Dive & Camp Escapes",
    description: "Main heading in the weekend adventures hero",
  },
  {
    page: "weekend",
    section: "weekend_hero_description",
    type: "text",
    title: "Weekend hero description",
    content:
      "Swap the city for salt water and starlight. Dive Jervis Bay and Bundeena, camp beside the beach in Royal and Murramarang National Parks, and let us take care of the tents, the meals and the gear.",
    description: "Intro text in the weekend adventures hero",
  },
];

export const legalPages: { privacy: string; terms: string; cancellation: string } = {
  privacy: [
    "<h2>Our commitment to your privacy</h2>",
    "<p>Tidewater Dive &amp; Camp respects your privacy. We handle personal information in line with the Australian Privacy Principles in the Privacy Act 1988 (Cth). This policy explains what we collect, why we collect it, how we keep it safe and how you can access or correct it.</p>",
    "<h2>What we collect</h2>",
    "<p>We only collect the information we need to run safe, enjoyable adventures. This may include:</p>",
    "<ul><li>your name, email address, phone number and home town when you book or contact us;</li><li>the names and ages of everyone in your booking, and an emergency contact;</li><li>your dive certification level and card details (agency and number) for certified dives;</li><li>health information you provide in the diving medical questionnaire or tell us about for safety reasons, such as allergies and medical conditions;</li><li>dietary requirements for trips that include meals;</li><li>messages you send us by email, WhatsApp or our contact form.</li></ul>",
    "<p>Health information is sensitive information. We only collect it with your consent and only use it to keep you safe on the trip.</p>",
    "<h2>Payments</h2>",
    "<p>Online payments are processed by our secure, PCI-DSS compliant card payment provider. Your card details are entered directly with that provider and are never seen or stored by us. We receive only a confirmation of payment, the amount and a reference so that we can match it to your booking and process any refund.</p>",
    "<h2>How we use your information</h2>",
    "<ul><li>to confirm and manage your booking and send you trip details;</li><li>to check that each adventure suits your experience and health;</li><li>to respond to your enquiries;</li><li>to contact you, or your emergency contact, if plans change or in an emergency;</li><li>to meet our legal, insurance and tax obligations.</li></ul>",
    "<h2>Email newsletter</h2>",
    "<p>If you subscribe to our newsletter, we use your email address to send occasional updates about new adventures, conditions and seasonal highlights. We only send marketing emails with your consent, in line with the Spam Act 2003 (Cth), and every email includes an unsubscribe link. You can unsubscribe at any time.</p>",
    "<h2>Contact messages</h2>",
    "<p>When you contact us by email, WhatsApp or our contact form, we keep your message and our reply so we can help you and follow up on your enquiry. We don't add you to our newsletter unless you ask us to.</p>",
    "<h2>Who we share it with</h2>",
    "<p>We never sell or rent your personal information. We only share it where needed to deliver your adventure or where the law requires, for example with our payment provider, our email and website hosting providers, our insurer, PADI when you complete a PADI program, or emergency services if you need medical help. Some of our service providers may store data outside Australia; where that happens, we take reasonable steps to ensure your information is protected to a standard consistent with the Australian Privacy Principles.</p>",
    "<h2>How long we keep it</h2>",
    "<p>We keep booking and payment records for as long as required by Australian tax law (generally five years). Medical questionnaires and liability forms are kept securely for as long as our insurance and legal obligations require. Contact messages are kept for up to two years, and newsletter details until you unsubscribe. After that, information is securely deleted or destroyed.</p>",
    "<h2>Keeping it secure</h2>",
    "<p>We store information in secure, password-protected systems, limit access to the people who need it and keep paper forms locked away. No system is perfectly secure, but we take reasonable steps to protect your information from misuse, loss and unauthorised access.</p>",
    "<h2>Access and correction</h2>",
    "<p>You can ask to see the personal information we hold about you, or ask us to correct it if it is inaccurate, out of date or incomplete. We will respond within 30 days and won't charge you for making a request.</p>",
    "<h2>Questions and complaints</h2>",
    "<p>If you have a question or a concern about how we've handled your information, email us at hello@tidewaterdive.com.au and we'll respond within 30 days. If you're not satisfied with our response, you can contact the Office of the Australian Information Commissioner (OAIC) at www.oaic.gov.au.</p>",
  ].join(""),
  terms: [
    "<h2>About these terms</h2>",
    "<p>These terms apply to every booking with Tidewater Dive &amp; Camp. By making a booking you confirm that you have read and accepted them on behalf of yourself and everyone in your booking. If anything is unclear, please email hello@tidewaterdive.com.au before you book.</p>",
    "<h2>Bookings</h2>",
    "<ul><li>A booking is confirmed once payment is received and you receive a confirmation email.</li><li>Groups are limited to a maximum of four participants, and some adventures are smaller.</li><li>Please give us accurate details for every participant, including age, certification level and any relevant health information.</li><li>Participants under 18 need the consent of a parent or guardian, and children on camping trips must be accompanied by a parent or guardian.</li></ul>",
    "<h2>Prices and payment</h2>",
    "<p>All prices are per person, in Australian dollars (AUD), and include GST where applicable. Full payment is required at the time of booking. Payments are processed securely by our card payment provider. Cancellations and refunds are governed by our Cancellation Policy.</p>",
    "<h2>Health and certification</h2>",
    "<ul><li>All divers must complete a diving medical questionnaire before the trip. If your answers require it, you must provide a doctor's clearance before diving.</li><li>Certified adventures require an Open Water certification or equivalent from a recognised agency. Please bring your card or digital certification.</li><li>The minimum age is {diving_min_age} for diving adventures and {camping_min_age} for camping-only adventures.</li><li>You must not dive under the influence of alcohol or drugs, or if you feel unwell on the day.</li></ul>",
    "<h2>Conduct and safety</h2>",
    "<p>Your safety and the safety of the group come first. You agree to follow the guide's briefings and instructions at all times. Our guide may stop, shorten or change any activity, or decline to take a participant, if they reasonably believe continuing would be unsafe. In that case any refund is at our discretion, except where the Australian Consumer Law entitles you to a remedy. Please respect marine life, national park rules and other visitors, and leave no trace.</p>",
    "<h2>Weather and conditions</h2>",
    "<p>Diving and camping depend on the weather and the sea. We may change the site, timing or itinerary to find safer conditions. If we cancel a trip because of weather, sea conditions or safety, you can choose a full refund or a free reschedule.</p>",
    "<h2>Risks and liability</h2>",
    "<p>Scuba diving, snorkelling, kayaking, bushwalking and camping are recreational activities that involve inherent risks, including injury. We manage these risks carefully, but they cannot be removed entirely, and you take part voluntarily. Our goods and services come with guarantees that cannot be excluded under the Australian Consumer Law, and nothing in these terms excludes, restricts or modifies those rights. To the extent permitted by law, including the Australian Consumer Law and the Civil Liability Act 2002 (NSW), we are not liable for indirect or consequential loss, and our liability is otherwise limited to resupplying the adventure or refunding the price you paid. We are not responsible for loss of or damage to personal belongings, and we recommend you hold travel or personal accident insurance.</p>",
    "<h2>Photos and video</h2>",
    "<p>We often take photos and video during trips and share them with participants afterwards. We may also use them on our website and social media. If you would prefer not to appear, just tell us before or during the trip, or email us afterwards and we'll remove any image of you that we've published.</p>",
    "<h2>Changes and contact</h2>",
    "<p>We may update these terms from time to time; the version published when you booked applies to your booking. Tidewater Dive &amp; Camp operates in New South Wales, and these terms are governed by the laws of New South Wales. Questions? Email hello@tidewaterdive.com.au or message us on WhatsApp at +61 491 570 156.</p>",
  ].join(""),
  cancellation: [
    "<h2>Our cancellation policy</h2>",
    "<p>We keep our groups to a maximum of four people, so every cancellation affects other adventurers who could have taken your place. This policy is designed to be fair to everyone. It applies to all adventures and is calculated from the scheduled start of your trip.</p>",
    "<h2>If you cancel</h2>",
    "{cancellation_tiers}",
    "<p>If you can't make it, you're welcome to transfer your booking to a friend who meets the same age, health and certification requirements, at no cost. Just let us know their details before the trip.</p>",
    "<h2>If we cancel</h2>",
    "<p>If we cancel because of weather, sea conditions or any other safety reason, you can choose a full refund or a free reschedule to another date. We'll let you know as early as we can, usually the day before and always by the morning of the trip. If we need to cancel for any other reason, you'll receive a full refund.</p>",
    "<h2>How to cancel</h2>",
    "<p>Email hello@tidewaterdive.com.au or send a WhatsApp message to +61 491 570 156 with your booking reference and the names of the participants who are cancelling. The time your message is received is used to calculate your refund, and we'll confirm your cancellation in writing.</p>",
    "<h2>Refunds</h2>",
    "<p>Refunds are made to the original card used for payment and usually appear within 5-10 business days, depending on your bank.</p>",
    "<h2>Your rights</h2>",
    "<p>Nothing in this policy limits your rights under the Australian Consumer Law. If you have any questions, please get in touch before you book.</p>",
  ].join(""),
};

/**
 * The site's own photos that are not an adventure's hero or a gallery image,
 * for the media library (so the website editor can pick them again).
 */
export const siteImages: { url: string; alt: string; caption: string }[] = [
  {
    url: "/images/site/home-hero.webp",
    alt: "Dive flag on a float in calm turquoise water at sunset, with a headland behind",
    caption: "Homepage hero background",
  },
  {
    url: "/images/site/about-main.webp",
    alt: "Instructor briefing a small group of divers in wetsuits on the beach",
    caption: "About page main image",
  },
  {
    url: "/images/site/about-guide.webp",
    alt: "The guide in a wetsuit holding a mask, standing on coastal rocks",
    caption: "Guide portrait",
  },
  {
    url: "/images/site/weekend-hero.webp",
    alt: "Three tents and a campfire on a grassy headland above the sea at sunset",
    caption: "Weekend and adventures background",
  },
];

/**
 * Size and pixel dimensions of every seed photo in public/images, as the
 * media library shows them. A unit test compares these with the files, so a
 * replaced photo cannot leave the library describing the old one.
 */
export const seedImageFiles: Record<string, { bytes: number; width: number; height: number }> = {
  "/images/adventures/camping-diving-1night.webp": { bytes: 21176, width: 1600, height: 1067 },
  "/images/adventures/camping-diving-2day.webp": { bytes: 33082, width: 1600, height: 1067 },
  "/images/adventures/camping-only-2day.webp": { bytes: 25968, width: 1600, height: 1067 },
  "/images/adventures/dive-exhibition.webp": { bytes: 33054, width: 1600, height: 1067 },
  "/images/adventures/dive-trip-shore.webp": { bytes: 33706, width: 1600, height: 1067 },
  "/images/adventures/guided-shore-dive.webp": { bytes: 48284, width: 1600, height: 1067 },
  "/images/adventures/night-dive-experience.webp": { bytes: 34068, width: 1600, height: 1067 },
  "/images/adventures/scooter-dive-adventure.webp": { bytes: 30578, width: 1600, height: 1067 },
  "/images/adventures/underwater-treasure-hunt.webp": { bytes: 31758, width: 1600, height: 1067 },
  "/images/gallery/g01.webp": { bytes: 62388, width: 1600, height: 1067 },
  "/images/gallery/g02.webp": { bytes: 51106, width: 1600, height: 1067 },
  "/images/gallery/g03.webp": { bytes: 18892, width: 1600, height: 1067 },
  "/images/gallery/g04.webp": { bytes: 18888, width: 1600, height: 1067 },
  "/images/gallery/g05.webp": { bytes: 13914, width: 1600, height: 1067 },
  "/images/gallery/g06.webp": { bytes: 30164, width: 1600, height: 1067 },
  "/images/gallery/g07.webp": { bytes: 22326, width: 1600, height: 1067 },
  "/images/gallery/g08.webp": { bytes: 32376, width: 1600, height: 1067 },
  "/images/gallery/g09.webp": { bytes: 23848, width: 1600, height: 1067 },
  "/images/gallery/g10.webp": { bytes: 25260, width: 1600, height: 1067 },
  "/images/gallery/g11.webp": { bytes: 23754, width: 1600, height: 1067 },
  "/images/gallery/g12.webp": { bytes: 29266, width: 1600, height: 1067 },
  "/images/gallery/g13.webp": { bytes: 43320, width: 1600, height: 1067 },
  "/images/gallery/g14.webp": { bytes: 19470, width: 1600, height: 1067 },
  "/images/gallery/g15.webp": { bytes: 24296, width: 1600, height: 1067 },
  "/images/site/about-guide.webp": { bytes: 36078, width: 1600, height: 2000 },
  "/images/site/about-main.webp": { bytes: 29712, width: 1600, height: 1067 },
  "/images/site/home-hero.webp": { bytes: 27574, width: 1920, height: 1080 },
  "/images/site/weekend-hero.webp": { bytes: 31314, width: 1920, height: 1080 },
};

/**
 * The first waiver a new site publishes (version 1); the operator rewrites it
 * under Admin → Waiver, and each save becomes a new version.
 */
export const waiver: { title: string; body: string } = {
  title: "Release of liability and assumption of risk",
  body: [
    "Diving, snorkelling, camping and the travel to and from them carry risks, including drowning, decompression illness, injury from marine life, rocks or equipment, and illness far from medical help. I take part of my own free will and accept these risks.",
    "I confirm that the details and medical answers I have given are true and complete, that I will tell the instructor before the trip if anything changes, and that I will not dive against a doctor's advice.",
    "I will follow the instructor's briefings and directions, stay within my training and experience, and end a dive or activity whenever the instructor asks. I understand that the instructor may refuse or stop my participation for my safety or the group's.",
    "To the extent the law allows, I release Tidewater Dive & Camp and its instructor from liability for injury, loss or damage that arises from the ordinary risks of these activities. Nothing in this waiver excludes any right I have under the Australian Consumer Law.",
    "A parent or guardian accepting for a participant under 18 accepts these terms on their behalf and confirms they may take part.",
  ].join("\n\n"),
};
