import type { Lang } from './types';

export interface UserSeed {
  first: string;
  last: string;
  flip: string;
  /** local part of the @souk.test address */
  email: string;
  born: string;
  language: Lang;
  region: 'EU' | 'US';
  hourFormat: 12 | 24;
  isPrivate?: boolean;
  avatar?: boolean;
}

export const USERS: UserSeed[] = [
  { first: 'Layla', last: 'Haddad', flip: 'layla.haddad', email: 'layla', born: '1991-04-12', language: 'en', region: 'EU', hourFormat: 24, avatar: true },
  { first: 'Omar', last: 'Benali', flip: 'omar.benali', email: 'omar', born: '1988-09-03', language: 'fr', region: 'EU', hourFormat: 24, avatar: true },
  { first: 'Sophie', last: 'Martin', flip: 'sophie.martin', email: 'sophie', born: '1985-01-27', language: 'fr', region: 'EU', hourFormat: 24, avatar: true },
  { first: 'James', last: 'Carter', flip: 'james.carter', email: 'james', born: '1996-06-18', language: 'en', region: 'US', hourFormat: 12, avatar: true },
  { first: 'Amira', last: 'Khalil', flip: 'amira.khalil', email: 'amira', born: '1993-11-02', language: 'ar', region: 'EU', hourFormat: 12, avatar: true },
  { first: 'Youssef', last: 'El Amrani', flip: 'youssef.elamrani', email: 'youssef', born: '1990-02-14', language: 'ar', region: 'EU', hourFormat: 24 },
  { first: 'Chloé', last: 'Dubois', flip: 'chloe.dubois', email: 'chloe', born: '1998-07-30', language: 'fr', region: 'EU', hourFormat: 24, avatar: true },
  { first: 'Daniel', last: 'Okafor', flip: 'daniel.okafor', email: 'daniel', born: '1987-03-09', language: 'en', region: 'EU', hourFormat: 12 },
  { first: 'Nadia', last: 'Rahman', flip: 'nadia.rahman', email: 'nadia', born: '1994-12-21', language: 'en', region: 'US', hourFormat: 12, avatar: true, isPrivate: true },
  { first: 'Lucas', last: 'Moreau', flip: 'lucas.moreau', email: 'lucas', born: '1982-05-05', language: 'fr', region: 'EU', hourFormat: 24 },
  { first: 'Hana', last: 'Saleh', flip: 'hana.saleh', email: 'hana', born: '2000-08-11', language: 'ar', region: 'EU', hourFormat: 12, avatar: true },
  { first: 'Ethan', last: 'Brooks', flip: 'ethan.brooks', email: 'ethan', born: '1979-10-24', language: 'en', region: 'US', hourFormat: 12 },
  { first: 'Fatima Zahra', last: 'Idrissi', flip: 'fatimazahra.idrissi', email: 'fatima', born: '1992-01-08', language: 'fr', region: 'EU', hourFormat: 24, avatar: true },
  { first: 'Marco', last: 'Rossi', flip: 'marco.rossi', email: 'marco', born: '1984-04-29', language: 'en', region: 'EU', hourFormat: 24 },
  { first: 'Inês', last: 'Ferreira', flip: 'ines.ferreira', email: 'ines', born: '1997-09-15', language: 'en', region: 'EU', hourFormat: 24, avatar: true },
  { first: 'Karim', last: 'Mansour', flip: 'karim.mansour', email: 'karim', born: '1989-06-01', language: 'ar', region: 'EU', hourFormat: 12 },
  { first: 'Zoe', last: 'Walker', flip: 'zoe.walker', email: 'zoe', born: '2001-03-19', language: 'en', region: 'US', hourFormat: 12, avatar: true },
  { first: 'Rania', last: 'Aziz', flip: 'rania.aziz', email: 'rania', born: '1995-05-23', language: 'ar', region: 'EU', hourFormat: 24, isPrivate: true },
  { first: 'Tom', last: 'Becker', flip: 'tom.becker', email: 'tom', born: '1986-12-02', language: 'en', region: 'EU', hourFormat: 24 },
  { first: 'Maya', last: 'Cohen', flip: 'maya.cohen', email: 'maya', born: '1999-02-26', language: 'en', region: 'US', hourFormat: 12, avatar: true },
];

/**
 * Who runs which firm: the owner of every firm, plus managers and staff. Layla (the first demo
 * login) owns two firms; Omar works at two others; Sophie owns the event venues.
 */
export const OWNERS: Record<string, string> = {
  'dar-nour': 'layla',
  'paper-lantern-books': 'layla',
  'theatre-du-quai': 'sophie',
  'the-blue-alley': 'sophie',
  'furn-alarz': 'amira',
  'sahtein-kitchen': 'karim',
  'dar-zitoun': 'youssef',
  'boulangerie-marceau': 'lucas',
  'la-table-de-lina': 'chloe',
  'patisserie-amandine': 'chloe',
  'copper-kettle': 'daniel',
  'trattoria-luce': 'marco',
  'green-fork': 'zoe',
  'bean-and-bloom': 'ethan',
  'blue-door-ramen': 'tom',
  'le-figuier': 'lucas',
  'bayt-alqahwa': 'rania',
  'librairie-des-mots': 'sophie',
  'atelier-indigo': 'ines',
  'maison-sable': 'fatima',
  'the-bloom-room': 'daniel',
  'clay-and-kiln': 'maya',
  'epicerie-soleil': 'chloe',
  'attar-alsharq': 'hana',
  'vinyl-vault': 'tom',
  'spoke-and-chain': 'tom',
  'salon-yasmine': 'fatima',
  'fixpoint-leeds': 'daniel',
  'studio-lumiere': 'lucas',
  'the-hive-lisbon': 'ines',
  'iron-lotus': 'nadia',
  'sharp-and-co': 'ethan',
  'pressing-elegance': 'lucas',
  byteforge: 'tom',
  'nuage-labs': 'chloe',
  'circuit-souk': 'youssef',
  'pixel-clinic': 'nadia',
  'makers-den': 'daniel',
  'wahat-altaqnia': 'karim',
  'code-and-cardamom': 'hana',
  'warehouse-nine': 'marco',
  'bayt-aloud': 'amira',
  'sunset-sessions': 'ines',
  'marche-des-createurs': 'sophie',
  'liffey-runners': 'daniel',
};

export const STAFF: { firm: string; user: string; role: 'MANAGER' | 'STAFF'; profession: string }[] = [
  { firm: 'dar-nour', user: 'omar', role: 'MANAGER', profession: 'Café manager' },
  { firm: 'dar-nour', user: 'fatima', role: 'STAFF', profession: 'Pastry chef' },
  { firm: 'dar-nour', user: 'youssef', role: 'STAFF', profession: 'Head chef' },
  { firm: 'paper-lantern-books', user: 'tom', role: 'STAFF', profession: 'Bookseller' },
  { firm: 'paper-lantern-books', user: 'maya', role: 'MANAGER', profession: 'Events coordinator' },
  { firm: 'theatre-du-quai', user: 'omar', role: 'STAFF', profession: 'Box office' },
  { firm: 'theatre-du-quai', user: 'chloe', role: 'MANAGER', profession: 'Programme director' },
  { firm: 'the-blue-alley', user: 'ethan', role: 'MANAGER', profession: 'Bar manager' },
  { firm: 'trattoria-luce', user: 'ines', role: 'STAFF', profession: 'Sommelier' },
  { firm: 'sahtein-kitchen', user: 'rania', role: 'MANAGER', profession: 'مديرة الصالة' },
  { firm: 'bean-and-bloom', user: 'zoe', role: 'STAFF', profession: 'Head barista' },
  { firm: 'warehouse-nine', user: 'daniel', role: 'MANAGER', profession: 'Production manager' },
  { firm: 'bayt-aloud', user: 'hana', role: 'STAFF', profession: 'مدرّسة عود' },
  { firm: 'the-hive-lisbon', user: 'marco', role: 'STAFF', profession: 'Community host' },
  { firm: 'byteforge', user: 'nadia', role: 'STAFF', profession: 'Product designer' },
  { firm: 'boulangerie-marceau', user: 'sophie', role: 'STAFF', profession: 'Boulangère' },
];

/** Friendships as [requester, addressee]; the pending ones wait for the addressee's answer. */
export const FRIENDSHIPS: { pair: [string, string]; pending?: boolean }[] = [
  { pair: ['layla', 'omar'] },
  { pair: ['layla', 'sophie'] },
  { pair: ['james', 'layla'] },
  { pair: ['layla', 'amira'] },
  { pair: ['chloe', 'layla'] },
  { pair: ['layla', 'maya'] },
  { pair: ['ines', 'layla'] },
  { pair: ['hana', 'layla'], pending: true },
  { pair: ['tom', 'layla'], pending: true },
  { pair: ['layla', 'karim'], pending: true },
  { pair: ['omar', 'youssef'] },
  { pair: ['omar', 'fatima'] },
  { pair: ['omar', 'sophie'] },
  { pair: ['omar', 'james'] },
  { pair: ['sophie', 'chloe'] },
  { pair: ['sophie', 'lucas'] },
  { pair: ['james', 'daniel'] },
  { pair: ['james', 'ethan'] },
  { pair: ['james', 'zoe'] },
  { pair: ['james', 'maya'], pending: true },
  { pair: ['amira', 'hana'] },
  { pair: ['amira', 'rania'] },
  { pair: ['amira', 'karim'] },
  { pair: ['youssef', 'fatima'] },
  { pair: ['youssef', 'karim'] },
  { pair: ['chloe', 'lucas'] },
  { pair: ['daniel', 'tom'] },
  { pair: ['daniel', 'marco'] },
  { pair: ['nadia', 'maya'] },
  { pair: ['nadia', 'zoe'] },
  { pair: ['ethan', 'zoe'] },
  { pair: ['marco', 'ines'] },
  { pair: ['ines', 'tom'] },
  { pair: ['hana', 'rania'] },
  { pair: ['fatima', 'hana'], pending: true },
  { pair: ['lucas', 'marco'] },
  { pair: ['tom', 'maya'] },
  { pair: ['rania', 'nadia'], pending: true },
];
