/** Answer shapes of the content APIs (/api/admin/...), as the content screens read them. */
import type { AdventureCategory, MediaFileType, SkillLevel } from "../../../lib/admin-forms";

export interface ProAdventure {
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
  currency: "AUD" | "USD" | "EUR";
  price_display: string;
  duration: string;
  group_size_min: number;
  group_size_max: number;
  skill_level: SkillLevel;
  category: AdventureCategory;
  tags: string[];
  location: string;
  meeting_point: string;
  what_to_bring: string[];
  included_items: string[];
  excluded_items: string[];
  highlights: string[];
  itinerary: string[];
  best_for: string[];
  is_active: boolean;
  is_featured: boolean;
  requires_certification: boolean;
  booking_enabled: boolean;
  min_age: number;
  max_age: number | null;
  fitness_requirements: string;
  meta_title: string;
  meta_description: string;
  meta_keywords: string;
  social_image: string;
  advance_booking_days: number;
  cancellation_policy: string;
  terms_conditions: string;
  sort_order: number;
  view_count?: number;
}

export interface SimpleAdventure {
  id: string;
  slug: string;
  title: string;
  description: string;
  short_description: string;
  image: string;
  image_alt: string;
  features: string[];
  duration: string;
  group_size: string;
  price: string;
  price_num: number;
  category: AdventureCategory;
  skill_level: SkillLevel;
  tags: string[];
  detailed_description: string;
  included: string[];
  itinerary: string[];
  location: string;
  best_for: string[];
  gallery_images: string[];
  featured: boolean;
  sort_order: number;
  is_active: boolean;
}

export interface GalleryImage {
  id: string;
  title: string;
  image_url: string;
  category: string;
  tags: string[];
  description: string;
  alt: string;
  created_at: string;
}

export interface Testimonial {
  id: string;
  customer_name: string;
  content: string;
  rating: number;
  adventure_type: string;
  location: string;
  is_featured: boolean;
  created_at: string;
}

export interface Faq {
  id: string;
  question: string;
  answer: string;
  category: string;
  order: number;
  is_active: boolean;
  created_at: string;
}

export interface ContentSection {
  id: string;
  page: string;
  section: string;
  type: "text" | "html" | "json";
  title: string;
  content: string;
  description: string;
  is_active: boolean;
  updated_at: string;
}

export interface MediaItem {
  id: string;
  url: string;
  filename: string;
  original_name: string;
  file_type: MediaFileType;
  mime_type: string;
  file_size: number;
  alt_text: string;
  caption: string;
  tags: string[];
  folder: string;
  dimensions: { width: number; height: number } | null;
  created_at: string;
}
