/** Upcoming events. `inDays` counts from the seeding day, `at` is the firm's local start time. */
export interface TicketCategorySeed {
  name: string;
  description: string;
  /** major units */
  price: number;
  capacity: number;
}

export interface EventSeed {
  firm: string;
  name: string;
  type: string;
  description: string;
  inDays: number;
  /** weekday (0 = Sunday) the event falls on, when its name or text says so; moves it up to 6 days later */
  on?: number;
  at: string;
  hours: number;
  ageLimit?: number;
  categories: TicketCategorySeed[];
  addons?: { name: string; price: number }[];
}

export const EVENTS: EventSeed[] = [
  {
    firm: 'the-blue-alley',
    name: 'Trombone Shorty Tribute Night',
    type: 'concert',
    description:
      'The house band takes on the funkiest brass songbook in the city, with three guest horn players and a second line that will spill out onto Frenchmen Street. Doors open at 7 pm; the first set starts at 8 sharp and the second after a short break. Standing room is on the dance floor in front of the stage, while seated tickets are at the small round tables along the brick wall, with table service all night. Expect it to be loud, hot and joyful.',
    inDays: 3,
    at: '20:00',
    hours: 4,
    ageLimit: 21,
    categories: [
      { name: 'Standing', description: 'Dance floor in front of the stage. No reserved spot.', price: 25, capacity: 120 },
      { name: 'Table seat', description: 'A seat at a shared table along the wall, with table service.', price: 45, capacity: 40 },
      {
        name: 'Stage-side booth',
        description: 'A booth for four right by the stage, one bottle of bubbles included. Price per person.',
        price: 90,
        capacity: 16,
      },
    ],
    addons: [
      { name: 'Drink voucher (2 drinks)', price: 14 },
      { name: 'Tour T-shirt', price: 28 },
    ],
  },
  {
    firm: 'the-blue-alley',
    name: 'Monday Legends: The Irma Batiste Trio',
    on: 1,
    type: 'concert',
    description: 'Three generations of New Orleans piano in one intimate evening. Two sets, no phones during the music, please.',
    inDays: 11,
    at: '19:30',
    hours: 3,
    ageLimit: 21,
    categories: [
      { name: 'General admission', description: 'First come, first seated.', price: 30, capacity: 90 },
      { name: 'Front row', description: 'Reserved seats in the first row, a glass of wine included.', price: 55, capacity: 12 },
    ],
  },
  {
    firm: 'the-blue-alley',
    name: 'Late Jam Session',
    on: 5,
    type: 'concert',
    description:
      'Bring your horn, your voice or just your ears. The house rhythm section starts at 11 pm and calls up players from the sign-up sheet until the small hours.',
    inDays: 18,
    at: '23:00',
    hours: 3,
    ageLimit: 21,
    categories: [{ name: 'Entry', description: 'Musicians signing up to play get in free at the door.', price: 10, capacity: 150 }],
  },
  {
    firm: 'theatre-du-quai',
    name: 'Les Femmes savantes, version 2026',
    type: 'theatre',
    description:
      "Molière comme vous ne l'avez jamais vu : la compagnie des Embruns transpose la célèbre comédie dans une start-up marseillaise où l'on parle intelligence artificielle au lieu de grammaire. Six comédiens, une scénographie de bureaux en open space et des alexandrins qui claquent comme des notifications. Le texte original est respecté à la lettre, et pourtant tout semble écrit pour aujourd'hui. Durée : 1 h 50 sans entracte. Rencontre avec l'équipe artistique à l'issue de la représentation du samedi.",
    inDays: 9,
    at: '20:30',
    hours: 2,
    ageLimit: 10,
    categories: [
      { name: 'Plein tarif', description: 'Placement libre en salle.', price: 24, capacity: 120 },
      {
        name: 'Tarif réduit',
        description: "Étudiants, demandeurs d'emploi et moins de 26 ans, sur présentation d'un justificatif à l'entrée.",
        price: 14,
        capacity: 50,
      },
      { name: 'Carte amis du théâtre', description: 'Réservé aux détenteurs de la carte annuelle.', price: 10, capacity: 10 },
    ],
    addons: [{ name: 'Programme de salle', price: 5 }],
  },
  {
    firm: 'theatre-du-quai',
    name: 'Le Petit Prince (dès 6 ans)',
    type: 'theatre',
    description:
      "Un comédien, une marionnette et un décor de papier pour redécouvrir le conte de Saint-Exupéry en famille. Représentation de 55 minutes, suivie d'un goûter au foyer.",
    inDays: 16,
    at: '15:00',
    hours: 1,
    categories: [
      { name: 'Adulte', description: 'Placement libre.', price: 12, capacity: 100 },
      { name: 'Enfant (moins de 12 ans)', description: 'Un adulte accompagnateur obligatoire.', price: 8, capacity: 80 },
    ],
    addons: [{ name: 'Goûter (jus et biscuit)', price: 3 }],
  },
  {
    firm: 'theatre-du-quai',
    name: 'Lecture : les voix de la Méditerranée',
    type: 'talk',
    description:
      'Des autrices de Marseille, Alger et Beyrouth lisent des extraits de leurs derniers livres, accompagnées au oud. Entrée au chapeau possible pour les étudiants.',
    inDays: 27,
    at: '19:00',
    hours: 2,
    categories: [{ name: 'Entrée unique', description: 'Placement libre, ouverture des portes à 18 h 30.', price: 8, capacity: 180 }],
  },
  {
    firm: 'warehouse-nine',
    name: 'Northern Lights: Winter Electronic Weekender',
    type: 'festival',
    description:
      'Two rooms, fourteen artists and a courtyard of fire pits and street food. Northern Lights brings together the best of London’s left-field electronic scene for one long night across the whole warehouse: ambient and downtempo in the Print Room from 8 pm, techno and house on the main floor from 10 pm until 6 am. Early Bird tickets are limited and usually go within days. Re-entry is not permitted after midnight. Bring ID: this is a strictly over-18 event, and the door team will check. Lockers are available for coats and bags.',
    inDays: 24,
    at: '20:00',
    hours: 10,
    ageLimit: 18,
    categories: [
      { name: 'Early bird', description: 'Limited release at the lowest price. Non-refundable.', price: 22, capacity: 150 },
      { name: 'General admission', description: 'Access to both rooms and the courtyard all night.', price: 32, capacity: 350 },
      { name: 'After 2 am', description: 'Entry from 2 am only, at a gentler price.', price: 15, capacity: 100 },
    ],
    addons: [
      { name: 'Cloakroom', price: 3 },
      { name: 'Drink voucher (3 drinks)', price: 18 },
      { name: 'Event poster (A2, risograph)', price: 15 },
    ],
  },
  {
    firm: 'warehouse-nine',
    name: 'Makers & Shakers Design Market',
    type: 'market',
    description:
      'Sixty independent designers, printmakers and ceramicists under one roof, plus cocktails from the courtyard bar and a live screen-printing demo every hour.',
    inDays: 38,
    at: '11:00',
    hours: 7,
    categories: [
      { name: 'Day entry', description: 'Valid all day, re-entry allowed.', price: 5, capacity: 800 },
      {
        name: 'Early access',
        description: 'Shop from 10 am, an hour before the doors open to everyone, with a coffee.',
        price: 12,
        capacity: 100,
      },
    ],
  },
  {
    firm: 'warehouse-nine',
    name: 'Canal-side Supper Club: Flavours of Beirut',
    type: 'tasting',
    description:
      'A seven-course Lebanese feast cooked by guest chef Rana Khoury, served at long shared tables. Menu is set; tell us about allergies when you book.',
    inDays: 52,
    at: '19:00',
    hours: 3,
    ageLimit: 18,
    categories: [
      { name: 'Supper', description: 'Seven courses at a shared table.', price: 65, capacity: 60 },
      { name: 'Supper with wine pairing', description: 'Seven courses and four Lebanese wines.', price: 95, capacity: 30 },
    ],
    addons: [{ name: 'Signed cookbook', price: 25 }],
  },
  {
    firm: 'bayt-aloud',
    name: 'أمسية طرب: روائع أم كلثوم',
    type: 'concert',
    description:
      'يقدّم التخت الشرقي لبيت العود أمسية كاملة مخصّصة لأغاني كوكب الشرق، من "أنت عمري" إلى "الأطلال"، بصوت المطربة الشابة نورهان عادل. تمتد الحفلة على فصلين مع استراحة قصيرة يُقدَّم فيها الشاي بالنعناع والبسبوسة. نرجو الحضور قبل نصف ساعة من الموعد، فالمقاعد الأمامية تُوزَّع حسب أسبقية الوصول لحاملي التذاكر العادية، أما تذاكر كبار الزوار فلها مقاعد محجوزة بالقرب من المسرح.',
    inDays: 6,
    at: '20:00',
    hours: 3,
    categories: [
      { name: 'عادية', description: 'مقاعد حسب أسبقية الحضور.', price: 350, capacity: 120 },
      { name: 'كبار الزوار', description: 'مقاعد محجوزة في الصفوف الأولى مع مشروب ترحيبي.', price: 750, capacity: 30 },
      { name: 'طلاب', description: 'بإبراز بطاقة الطالب عند الدخول.', price: 150, capacity: 40 },
    ],
    addons: [{ name: 'موقف سيارات', price: 50 }],
  },
  {
    firm: 'bayt-aloud',
    name: 'ورشة عود للمبتدئين',
    type: 'workshop',
    description: 'ورشة من ثلاث ساعات تتعرّف فيها على العود ومقام الراست وتعزف أول لحن لك. الأعواد متوفرة للاستعارة.',
    inDays: 20,
    at: '17:00',
    hours: 3,
    ageLimit: 12,
    categories: [
      { name: 'مشارك', description: 'مع استعارة عود خلال الورشة.', price: 400, capacity: 12 },
      { name: 'مشارك بعوده الخاص', description: 'لمن يملك عوداً.', price: 300, capacity: 6 },
    ],
  },
  {
    firm: 'bayt-aloud',
    name: 'ليلة الموشحات الأندلسية',
    type: 'concert',
    description: 'فرقة الموشحات تعود بأجمل ما لحّنه سيد درويش وعمر البطش، في أمسية تمزج الطرب بالحكاية.',
    inDays: 45,
    at: '20:30',
    hours: 2,
    categories: [{ name: 'دخول عام', description: 'مقاعد غير مرقّمة.', price: 300, capacity: 150 }],
  },
  {
    firm: 'sunset-sessions',
    name: 'Sunset Sessions: Barceloneta Rooftop',
    type: 'concert',
    description:
      'Our signature evening on the rooftop of the Hotel Mar Blau: a live band warming up as the sun drops behind Montjuïc, followed by two DJs playing Balearic, disco and Afro house until midnight. There is a tapas bar run by the team behind Bar La Gamba and a cocktail list built around local vermouth. Dress code is summer-smart, even in winter. The VIP deck has its own bar and the best view of the sea.',
    inDays: 14,
    at: '17:30',
    hours: 6,
    ageLimit: 18,
    categories: [
      { name: 'General', description: 'Access to the rooftop and the main bar.', price: 35, capacity: 300 },
      { name: 'VIP deck', description: 'Private deck with its own bar and a welcome cava.', price: 75, capacity: 60 },
      { name: 'Group of four', description: 'Four general tickets at a friendlier price. Price per person.', price: 30, capacity: 80 },
      { name: 'Resident', description: 'Barcelona residents, with proof of address at the door.', price: 25, capacity: 60 },
    ],
    addons: [
      { name: 'Parking at the marina', price: 12 },
      { name: 'Tapas board for two', price: 24 },
    ],
  },
  {
    firm: 'sunset-sessions',
    name: 'Midwinter on the Beach',
    type: 'festival',
    description:
      'A daytime festival on Bogatell beach to celebrate the winter sun: acoustic sets from noon, a bonfire at dusk and a silent disco after dark.',
    inDays: 30,
    at: '12:00',
    hours: 10,
    categories: [
      { name: 'Day ticket', description: 'All day, all stages.', price: 40, capacity: 1200 },
      { name: 'Child (6 to 15)', description: 'Under-6s go free with an adult.', price: 10, capacity: 300 },
    ],
    addons: [
      { name: 'Silent disco headphones', price: 8 },
      { name: 'Festival hoodie', price: 45 },
      { name: 'Shuttle from Plaça Catalunya', price: 6 },
    ],
  },
  {
    firm: 'marche-des-createurs',
    name: 'Marché de Noël des créateurs',
    on: 6,
    type: 'market',
    description:
      "Quatre-vingt-cinq créateurs et artisans de la région réunis sous les voûtes de la Sucrière pour trouver des cadeaux qui ont du sens : céramique, bijoux, papeterie, cosmétiques naturels, jouets en bois et produits du terroir. Ateliers pour les enfants toutes les heures (couronnes, cartes de vœux, biscuits décorés), concert de chorale à 16 h et buvette solidaire au profit d'une association lyonnaise. Entrée gratuite pour les moins de 12 ans.",
    inDays: 22,
    at: '10:00',
    hours: 8,
    categories: [
      { name: 'Entrée journée', description: 'Valable toute la journée, sortie et retour autorisés.', price: 4, capacity: 2500 },
      {
        name: 'Entrée + atelier enfant',
        description: 'Une place pour un atelier de 45 minutes (de 5 à 11 ans), à choisir sur place.',
        price: 9,
        capacity: 200,
      },
    ],
    addons: [
      { name: 'Sac en tissu du marché', price: 6 },
      { name: 'Chocolat chaud', price: 3 },
    ],
  },
  {
    firm: 'marche-des-createurs',
    name: 'Marché des producteurs du printemps',
    on: 0,
    type: 'market',
    description: 'Fromages, miels, vins et légumes de producteurs à moins de cent kilomètres de Lyon, avec dégustations commentées.',
    inDays: 74,
    at: '09:00',
    hours: 7,
    categories: [{ name: 'Entrée', description: 'Accès libre au marché et aux dégustations.', price: 3, capacity: 3000 }],
  },
  {
    firm: 'liffey-runners',
    name: 'Phoenix Park Winter 10K',
    on: 0,
    type: 'sports',
    description:
      'A fast, flat, chip-timed 10K loop through Phoenix Park, past the deer and the Wellington Monument. Medal, hot soup and a warm tent at the finish.',
    inDays: 12,
    at: '09:30',
    hours: 3,
    ageLimit: 14,
    categories: [
      { name: 'Runner', description: 'Chip timing, medal and finisher’s soup.', price: 30, capacity: 800 },
      { name: 'Club member', description: 'For members of any registered athletics club; bring your number.', price: 24, capacity: 200 },
      { name: 'Team of four', description: 'Four runners, combined team result. Price per runner.', price: 27, capacity: 120 },
    ],
    addons: [
      { name: 'Technical race T-shirt', price: 20 },
      { name: 'Parking pass', price: 8 },
    ],
  },
  {
    firm: 'liffey-runners',
    name: 'Wicklow Trail Half',
    on: 6,
    type: 'sports',
    description:
      'Twenty-one kilometres and 650 metres of climbing on forest trails and boardwalk above Glendalough, with a view of both lakes from the Spink. Not for first-timers: you should be comfortable running for two and a half hours on uneven ground. Mandatory kit: waterproof jacket, phone, 500 ml of water. Buses leave Dublin at 7 am and return after the prize-giving at the visitor centre. Race numbers are collected on the morning.',
    inDays: 60,
    at: '10:00',
    hours: 5,
    ageLimit: 18,
    categories: [
      { name: 'Race entry', description: 'Timing, aid stations, finisher’s medal.', price: 55, capacity: 400 },
      { name: 'Race entry with bus', description: 'Return bus from Dublin city centre included.', price: 72, capacity: 150 },
    ],
    addons: [{ name: 'Post-race lunch', price: 15 }],
  },
  {
    firm: 'dar-nour',
    name: 'Atelier pâtisseries marocaines',
    type: 'workshop',
    description:
      'Apprenez à façonner cornes de gazelle, ghriba et chebakia avec Fatima, la pâtissière du café. Vous repartez avec une boîte de vos créations et les recettes.',
    inDays: 8,
    at: '14:30',
    hours: 3,
    categories: [
      { name: 'Participant', description: 'Tablier et ingrédients fournis.', price: 45, capacity: 12 },
      { name: 'Duo parent-enfant', description: 'Pour un adulte et un enfant de 8 à 14 ans. Prix par personne.', price: 35, capacity: 8 },
    ],
  },
  {
    firm: 'dar-nour',
    name: 'Soirée gnaoua sur la terrasse',
    type: 'concert',
    description: 'Le groupe Tagnaouite fait vibrer les qraqeb et le guembri sur la terrasse du café, avec thé à la menthe à volonté.',
    inDays: 33,
    at: '19:30',
    hours: 3,
    categories: [{ name: 'Entrée', description: 'Thé à volonté compris.', price: 15, capacity: 60 }],
    addons: [{ name: 'Assiette de pâtisseries', price: 7 }],
  },
  {
    firm: 'le-figuier',
    name: 'Dégustation : les vins nature de Bordeaux',
    type: 'tasting',
    description:
      "Six vignerons qui travaillent sans intrants viennent faire goûter leurs cuvées et parler de leur métier. Au programme, deux blancs, trois rouges et un liquoreux surprenant, accompagnés de fromages affinés par la fromagerie Deruelle. Places limitées à trente personnes pour garder le temps d'échanger avec chaque domaine. Une bouteille de la cuvée préférée de la soirée peut être réservée sur place à prix caviste.",
    inDays: 5,
    at: '19:00',
    hours: 3,
    ageLimit: 18,
    categories: [
      { name: 'Dégustation', description: 'Six vins et une assiette de fromages.', price: 35, capacity: 24 },
      { name: 'Dégustation + dîner', description: 'La dégustation suivie d’un dîner de trois plats dans la cour.', price: 65, capacity: 6 },
    ],
  },
  {
    firm: 'paper-lantern-books',
    name: 'An Evening with Maya Oduya',
    type: 'talk',
    description:
      'The author of “The Salt Road” reads from her new novel and talks to our book club about writing migration, family and the sea. Signing afterwards.',
    inDays: 10,
    at: '19:00',
    hours: 2,
    categories: [
      { name: 'Ticket', description: 'Includes a glass of wine or juice.', price: 6, capacity: 70 },
      {
        name: 'Ticket with signed book',
        description: 'A signed hardback of the new novel, kept for you at the till.',
        price: 22,
        capacity: 40,
      },
    ],
  },
  {
    firm: 'paper-lantern-books',
    name: 'Saturday Story Hour: Winter Tales',
    on: 6,
    type: 'talk',
    description: 'Stories, songs and a craft for children aged three to seven, in the reading nook under the stairs.',
    inDays: 4,
    at: '10:30',
    hours: 1,
    categories: [{ name: 'Child', description: 'Grown-ups come free.', price: 3, capacity: 20 }],
  },
  {
    firm: 'the-hive-lisbon',
    name: 'Remote Work Summit Lisbon',
    type: 'conference',
    description:
      'A one-day conference for people who build companies without offices. Morning talks on async communication, hiring across time zones and avoiding burnout; afternoon workshops in small groups on the rooftop and in the meeting rooms. Lunch is catered by a family tasca from the Bica, and the day ends with sunset drinks and a walk down to the river. Speakers include founders of three fully remote companies and three Lisbon start-ups. Talks are recorded and sent to all ticket holders.',
    inDays: 41,
    at: '09:00',
    hours: 9,
    categories: [
      { name: 'Standard', description: 'Talks, workshops, lunch and drinks.', price: 120, capacity: 150 },
      { name: 'Student', description: 'With a valid student card.', price: 40, capacity: 30 },
      { name: 'Hive member', description: 'For current Hive members.', price: 60, capacity: 40 },
    ],
    addons: [{ name: 'Recording-only pass for a colleague', price: 30 }],
  },
  {
    firm: 'the-hive-lisbon',
    name: 'Founders’ Breakfast',
    type: 'talk',
    description: 'Pastéis de nata, coffee and a short, honest talk by a local founder about what went wrong. Monthly, always full.',
    inDays: 17,
    at: '08:30',
    hours: 2,
    categories: [{ name: 'Seat', description: 'Breakfast included.', price: 12, capacity: 40 }],
  },
  {
    firm: 'makers-den',
    name: 'Build Your Own Synth',
    type: 'workshop',
    description:
      'Solder a small analogue synthesiser from a kit over one afternoon. No experience needed; you leave with a working instrument.',
    inDays: 19,
    at: '13:00',
    hours: 4,
    ageLimit: 14,
    categories: [
      { name: 'Workshop place', description: 'Kit, tools and tea included.', price: 65, capacity: 14 },
      { name: 'Member place', description: 'For Makers’ Den members.', price: 50, capacity: 6 },
    ],
    addons: [{ name: 'Laser-cut wooden case', price: 15 }],
  },
  {
    firm: 'code-and-cardamom',
    name: 'Demo Night: Winter Cohort',
    type: 'conference',
    description:
      'Twenty graduates of our web development cohort present the products they built in twelve weeks. Employers, friends and the curious welcome; karak and sweets served.',
    inDays: 35,
    at: '18:30',
    hours: 3,
    categories: [
      { name: 'Guest', description: 'Free seat, registration required.', price: 0, capacity: 120 },
      { name: 'Hiring partner', description: 'Reserved table and the graduates’ portfolio book.', price: 250, capacity: 15 },
    ],
  },
  {
    firm: 'bean-and-bloom',
    name: 'Latte Art Throwdown',
    type: 'workshop',
    description: 'Eight baristas, one steam wand, bracket-style battles. Come to compete or just to cheer; free drip coffee for everyone.',
    inDays: 26,
    at: '18:00',
    hours: 3,
    categories: [
      { name: 'Spectator', description: 'Standing room and free coffee.', price: 5, capacity: 80 },
      { name: 'Competitor', description: 'A spot in the bracket; milk and beans provided.', price: 15, capacity: 16 },
    ],
    addons: [{ name: 'Bean & Bloom mug', price: 18 }],
  },
  {
    firm: 'sahtein-kitchen',
    name: 'ليلة المشاوي الشامية',
    type: 'tasting',
    description: 'عشاء مفتوح في الحديقة مع مشاوي على الفحم ومقبلات شامية وعزف حي على العود.',
    inDays: 15,
    at: '19:30',
    hours: 3,
    categories: [
      { name: 'بالغ', description: 'بوفيه مفتوح ومشروبات غازية.', price: 180, capacity: 80 },
      { name: 'طفل (من 4 إلى 12 سنة)', description: 'الأطفال دون الرابعة مجاناً.', price: 80, capacity: 40 },
    ],
    addons: [{ name: 'موقف سيارات مع خدمة صف السيارات', price: 30 }],
  },
  {
    firm: 'clay-and-kiln',
    name: 'Wheel Throwing for Beginners',
    type: 'workshop',
    description:
      'Two hours on the wheel with a patient teacher. We glaze and fire your best two pieces and you pick them up two weeks later.',
    inDays: 7,
    at: '18:00',
    hours: 2,
    ageLimit: 12,
    categories: [
      { name: 'Single', description: 'One wheel, one person.', price: 75, capacity: 10 },
      {
        name: 'Date night (two people)',
        description: 'Two wheels side by side and a bottle of wine. Price per person.',
        price: 70,
        capacity: 6,
      },
    ],
  },
  {
    firm: 'iron-lotus',
    name: 'Sunrise Flow on the Terrace',
    on: 5,
    type: 'sports',
    description: 'Seventy-five minutes of vinyasa as the sun rises over the Marina, followed by fresh juice and dates.',
    inDays: 2,
    at: '06:15',
    hours: 2,
    ageLimit: 16,
    categories: [{ name: 'Drop-in', description: 'Mats provided.', price: 90, capacity: 25 }],
  },
  {
    firm: 'the-bloom-room',
    name: 'Winter Wreath Workshop',
    type: 'workshop',
    description: 'Make a generous wreath of foraged greenery, dried oranges and ribbon, with mulled wine and mince pies.',
    inDays: 21,
    at: '18:30',
    hours: 2,
    categories: [
      { name: 'Place', description: 'All materials included.', price: 65, capacity: 16 },
      { name: 'Place for two', description: 'Two people sharing one large wreath. Price per person.', price: 45, capacity: 8 },
    ],
    addons: [{ name: 'Wreath delivery in Dublin', price: 10 }],
  },
  {
    firm: 'byteforge',
    name: 'Accessible by Default: A Practical Day',
    type: 'conference',
    description:
      'A hands-on day for designers and developers who want to ship accessible products without a separate audit phase. We start with a screen reader tour of real sites, move to live fixes in React and CSS, and finish with how to keep accessibility in your definition of done. Bring a laptop. Talks in English with live captions, step-free venue, quiet room available all day.',
    inDays: 48,
    at: '09:30',
    hours: 8,
    categories: [
      { name: 'Early bird', description: 'Until the first fifty are gone.', price: 149, capacity: 50 },
      { name: 'Regular', description: 'Full day, lunch and coffee.', price: 199, capacity: 100 },
      { name: 'Community', description: 'For non-profits, students and the unemployed.', price: 49, capacity: 30 },
    ],
    addons: [
      { name: 'Workshop recordings', price: 39 },
      { name: 'Conference hoodie', price: 45 },
    ],
  },
  {
    firm: 'boulangerie-marceau',
    name: 'Atelier pain au levain',
    on: 6,
    type: 'workshop',
    description:
      'Un samedi matin au fournil avec notre chef boulanger : rafraîchi, pétrissage, façonnage et cuisson. Vous repartez avec votre miche et un pot de levain.',
    inDays: 29,
    at: '07:00',
    hours: 4,
    categories: [{ name: 'Participant', description: 'Café et croissant offerts à l’arrivée.', price: 85, capacity: 8 }],
  },
  {
    firm: 'vinyl-vault',
    name: 'Record Fair in the Courtyard',
    on: 6,
    type: 'market',
    description: 'Twenty dealers from Berlin and Leipzig, crates of rare pressings, and DJs playing only records bought that day.',
    inDays: 56,
    at: '11:00',
    hours: 7,
    categories: [
      { name: 'Entry', description: 'All day.', price: 4, capacity: 600 },
      { name: 'Early digger', description: 'In at 9 am, two hours before everyone else.', price: 15, capacity: 60 },
    ],
  },
  {
    firm: 'la-table-de-lina',
    name: 'Dîner à quatre mains',
    type: 'tasting',
    description: 'Lina reçoit le chef Yanis Belkacem (Oran) pour un menu en six services entre Lyon et l’Algérie.',
    inDays: 66,
    at: '20:00',
    hours: 3,
    categories: [
      { name: 'Menu', description: 'Six services.', price: 75, capacity: 30 },
      { name: 'Menu et accords', description: 'Six services et cinq verres de vin.', price: 110, capacity: 14 },
    ],
  },
  {
    firm: 'furn-alarz',
    name: 'صباح المناقيش: ورشة للعائلات',
    type: 'workshop',
    description: 'تعلّموا مع المعلّم أبو سليم فرد العجين وخبز المناقيش على الصاج، ثم افطروا معاً على الطاولة الكبيرة.',
    inDays: 13,
    at: '09:00',
    hours: 2,
    categories: [
      { name: 'بالغ', description: 'مع الفطور.', price: 15, capacity: 14 },
      { name: 'طفل', description: 'من 6 إلى 12 سنة.', price: 8, capacity: 10 },
    ],
  },
  {
    firm: 'theatre-du-quai',
    name: 'Stand-up : Nadia en rodage',
    type: 'theatre',
    description:
      "L'humoriste marseillaise teste son nouveau spectacle devant un public bienveillant. Une heure de textes encore chauds, à peine sortis du carnet.",
    inDays: 85,
    at: '21:00',
    hours: 1,
    ageLimit: 14,
    categories: [{ name: 'Place', description: 'Placement libre.', price: 12, capacity: 180 }],
  },
];
