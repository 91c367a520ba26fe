/** Lookup tables: firm categories per industry, event types, blog categories. */
export interface Names {
  en: string;
  ar: string;
  fr: string;
}

export const INDUSTRIES = ['foodandbeverage', 'shoppingandretail', 'services', 'technology', 'events'] as const;
export type IndustryKey = (typeof INDUSTRIES)[number];

export interface CategorySeed {
  key: string;
  industry: IndustryKey;
  names: Names;
}

export const CATEGORIES: CategorySeed[] = [
  { key: 'cafes', industry: 'foodandbeverage', names: { en: 'Cafés', ar: 'مقاهٍ', fr: 'Cafés' } },
  { key: 'restaurants', industry: 'foodandbeverage', names: { en: 'Restaurants', ar: 'مطاعم', fr: 'Restaurants' } },
  {
    key: 'bakeries',
    industry: 'foodandbeverage',
    names: { en: 'Bakeries & pastry', ar: 'مخابز وحلويات', fr: 'Boulangeries et pâtisseries' },
  },
  { key: 'bars', industry: 'foodandbeverage', names: { en: 'Bars & wine', ar: 'حانات ونبيذ', fr: 'Bars et vins' } },
  { key: 'fashion', industry: 'shoppingandretail', names: { en: 'Fashion', ar: 'أزياء', fr: 'Mode' } },
  { key: 'books', industry: 'shoppingandretail', names: { en: 'Books & records', ar: 'كتب وأسطوانات', fr: 'Livres et disques' } },
  { key: 'groceries', industry: 'shoppingandretail', names: { en: 'Delis & groceries', ar: 'بقالة ومنتجات محلية', fr: 'Épiceries fines' } },
  { key: 'crafts', industry: 'shoppingandretail', names: { en: 'Crafts & home', ar: 'حرف ومنزل', fr: 'Artisanat et maison' } },
  { key: 'florists', industry: 'shoppingandretail', names: { en: 'Florists', ar: 'محلات زهور', fr: 'Fleuristes' } },
  { key: 'beauty', industry: 'shoppingandretail', names: { en: 'Perfume & beauty', ar: 'عطور وتجميل', fr: 'Parfums et beauté' } },
  { key: 'salons', industry: 'services', names: { en: 'Hair & barbers', ar: 'صالونات وحلاقة', fr: 'Coiffure et barbiers' } },
  { key: 'repair', industry: 'services', names: { en: 'Repairs', ar: 'تصليح', fr: 'Réparation' } },
  { key: 'fitness', industry: 'services', names: { en: 'Fitness & yoga', ar: 'لياقة ويوغا', fr: 'Sport et yoga' } },
  { key: 'coworking', industry: 'services', names: { en: 'Co-working', ar: 'مساحات عمل مشتركة', fr: 'Coworking' } },
  { key: 'photography', industry: 'services', names: { en: 'Photography', ar: 'تصوير', fr: 'Photographie' } },
  { key: 'cleaning', industry: 'services', names: { en: 'Laundry & cleaning', ar: 'غسيل وتنظيف', fr: 'Pressing et nettoyage' } },
  { key: 'software', industry: 'technology', names: { en: 'Software studios', ar: 'استوديوهات برمجيات', fr: 'Studios logiciels' } },
  { key: 'electronics', industry: 'technology', names: { en: 'Electronics', ar: 'إلكترونيات', fr: 'Électronique' } },
  { key: 'it-services', industry: 'technology', names: { en: 'IT support', ar: 'دعم تقني', fr: 'Support informatique' } },
  { key: 'makerspaces', industry: 'technology', names: { en: 'Makerspaces & schools', ar: 'ورش ومدارس تقنية', fr: 'Fablabs et écoles' } },
  { key: 'venues', industry: 'events', names: { en: 'Venues', ar: 'قاعات', fr: 'Salles' } },
  { key: 'live-music', industry: 'events', names: { en: 'Live music', ar: 'موسيقى حية', fr: 'Musique live' } },
  { key: 'theatres', industry: 'events', names: { en: 'Theatres', ar: 'مسارح', fr: 'Théâtres' } },
  { key: 'organisers', industry: 'events', names: { en: 'Event organisers', ar: 'منظمو فعاليات', fr: 'Organisateurs' } },
];

export const EVENT_TYPES: { key: string; names: Names }[] = [
  { key: 'concert', names: { en: 'Concert', ar: 'حفلة موسيقية', fr: 'Concert' } },
  { key: 'workshop', names: { en: 'Workshop', ar: 'ورشة عمل', fr: 'Atelier' } },
  { key: 'festival', names: { en: 'Festival', ar: 'مهرجان', fr: 'Festival' } },
  { key: 'conference', names: { en: 'Conference', ar: 'مؤتمر', fr: 'Conférence' } },
  { key: 'tasting', names: { en: 'Tasting', ar: 'تذوق', fr: 'Dégustation' } },
  { key: 'sports', names: { en: 'Sports', ar: 'رياضة', fr: 'Sport' } },
  { key: 'theatre', names: { en: 'Theatre', ar: 'مسرح', fr: 'Théâtre' } },
  { key: 'market', names: { en: 'Market', ar: 'سوق', fr: 'Marché' } },
  { key: 'talk', names: { en: 'Talk & reading', ar: 'ندوة وقراءة', fr: 'Rencontre et lecture' } },
  { key: 'party', names: { en: 'Party', ar: 'سهرة', fr: 'Soirée' } },
];

export const BLOG_CATEGORIES: { key: string; names: Names }[] = [
  { key: 'news', names: { en: 'News', ar: 'أخبار', fr: 'Actualités' } },
  { key: 'recipes', names: { en: 'Recipes', ar: 'وصفات', fr: 'Recettes' } },
  { key: 'guides', names: { en: 'Guides', ar: 'أدلة', fr: 'Guides' } },
  { key: 'behind-the-scenes', names: { en: 'Behind the scenes', ar: 'خلف الكواليس', fr: 'Coulisses' } },
  { key: 'announcements', names: { en: 'Announcements', ar: 'إعلانات', fr: 'Annonces' } },
  { key: 'stories', names: { en: 'Stories', ar: 'حكايات', fr: 'Histoires' } },
];
