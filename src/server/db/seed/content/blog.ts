/** Blog posts, published `daysAgo` days before the seeding day. Content is safe HTML (p, h2, ul/ol, li, strong, em). */
export interface BlogSeed {
  firm: string;
  name: string;
  summary: string;
  category: string;
  daysAgo: number;
  html: string;
}

interface Section {
  h?: string;
  p?: string[];
  ul?: string[];
  ol?: string[];
}

/** Composes an article from plain text blocks, escaping nothing but trusted literals written here. */
function article(intro: string, sections: Section[]): string {
  const out = [`<p>${intro}</p>`];
  for (const s of sections) {
    if (s.h) out.push(`<h2>${s.h}</h2>`);
    for (const p of s.p ?? []) out.push(`<p>${p}</p>`);
    if (s.ul) out.push(`<ul>${s.ul.map((li) => `<li>${li}</li>`).join('')}</ul>`);
    if (s.ol) out.push(`<ol>${s.ol.map((li) => `<li>${li}</li>`).join('')}</ol>`);
  }
  return out.join('\n');
}

export const BLOG_POSTS: BlogSeed[] = [
  {
    firm: 'dar-nour',
    name: 'La recette de notre thé à la menthe',
    summary: 'Le geste, les feuilles et la patience : tout ce qu’il faut pour un thé comme à Fès.',
    category: 'recipes',
    daysAgo: 3,
    html: article(
      "On nous la demande tous les jours, alors la voici. Le thé à la menthe n'est pas compliqué, mais il ne pardonne pas la précipitation.",
      [
        {
          h: 'Les ingrédients',
          ul: [
            '1 cuillère à soupe de thé vert gunpowder',
            'Un gros bouquet de menthe nanah fraîche',
            '4 à 6 morceaux de sucre, selon votre goût',
            '75 cl d’eau frémissante',
          ],
        },
        {
          h: 'La méthode',
          ol: [
            "Rincez le thé avec un fond d'eau chaude et jetez cette première eau, qui emporte l'amertume.",
            'Ajoutez la menthe et le sucre, puis remplissez la théière.',
            'Laissez infuser quatre minutes sur feu très doux.',
            'Servez de haut pour faire mousser, reversez dans la théière, et recommencez deux fois.',
          ],
        },
        { p: ["Le secret, c'est la <strong>menthe très fraîche</strong> : chez nous, elle arrive du marché des Capucins chaque matin."] },
      ],
    ),
  },
  {
    firm: 'dar-nour',
    name: 'Nouveaux horaires d’hiver',
    summary: 'Le café ouvre désormais à 7 h 30 du lundi au samedi, et le brunch du dimanche revient.',
    category: 'announcements',
    daysAgo: 21,
    html: article("Avec l'hiver, nous ajustons nos horaires pour accueillir les lève-tôt du marché.", [
      {
        ul: [
          'Du lundi au samedi : 7 h 30 – 18 h',
          'Le dimanche : 9 h – 14 h, avec le brunch marocain',
          'Fermeture exceptionnelle le 25 décembre',
        ],
      },
      { p: ['Merci à tous nos habitués pour leur fidélité. On vous attend avec un msemen chaud.'] },
    ]),
  },
  {
    firm: 'furn-alarz',
    name: 'سر عجينة المناقيش',
    summary: 'لماذا نترك العجينة ترتاح طوال الليل، وما علاقة ذلك بطعم الزعتر.',
    category: 'behind-the-scenes',
    daysAgo: 6,
    html: article('يسألنا الزبائن دائماً: لماذا طعم منقوشتكم مختلف؟ الجواب بسيط، لكنه يحتاج إلى صبر.', [
      {
        h: 'التخمير البطيء',
        p: ['نعجن عند المساء ونترك العجينة في مكان بارد حتى الفجر. هذا التخمير البطيء يعطي العجينة قواماً هشاً وطعماً أعمق.'],
      },
      {
        h: 'الزعتر',
        ul: ['زعتر بلدي من الجنوب يُقطف في الربيع', 'سمسم نحمصه بأنفسنا كل أسبوع', 'سماق من البقاع', 'زيت زيتون بكر من الكورة'],
      },
      { p: ['تعالوا صباحاً لتروا العجينة وهي تُفرد على الصاج.'] },
    ]),
  },
  {
    firm: 'copper-kettle',
    name: 'A Beginner’s Guide to Loose-Leaf Tea',
    summary: 'Five teas to start with, and the three mistakes that ruin a good pot.',
    category: 'guides',
    daysAgo: 9,
    html: article('Moving from teabags to loose leaf is the single best thing you can do for your afternoons. Here is where to start.', [
      {
        h: 'Five teas to try first',
        ul: [
          '<strong>Assam</strong>: malty and strong, takes milk well',
          '<strong>Darjeeling first flush</strong>: light, floral, no milk',
          '<strong>Sencha</strong>: grassy Japanese green',
          '<strong>Oolong</strong>: somewhere between green and black, re-steeps beautifully',
          '<strong>Rooibos</strong>: caffeine-free and sweet',
        ],
      },
      {
        h: 'Three mistakes to avoid',
        ol: [
          'Boiling water on green tea: let it cool to about 80 °C.',
          'Steeping too long: set a timer, three minutes is plenty for most blacks.',
          'Cramping the leaves: give them room to unfurl in a basket infuser.',
        ],
      },
      { p: ['Come and taste any of these at the counter before you buy.'] },
    ]),
  },
  {
    firm: 'trattoria-luce',
    name: 'Why We Roll Our Pasta in the Window',
    summary: 'A morning with Giulia, who has rolled every strand of pici we have ever served.',
    category: 'behind-the-scenes',
    daysAgo: 14,
    html: article(
      'If you walk down Park Street before eleven, you will see Giulia at the marble table in our window, rolling pici by hand.',
      [
        {
          p: [
            'She learned from her grandmother in Montepulciano, and she rolls around four kilos every morning: enough for lunch and dinner, never more. When it is gone, it is gone.',
          ],
        },
        {
          h: 'What goes into it',
          ul: [
            'Tipo 00 flour from a mill in Tuscany',
            'Water and a pinch of salt, no egg',
            'An hour of rest under a damp cloth',
            'Patience',
          ],
        },
        { p: ['We put the pasta table in the window so you can see that the food is made here, by people. Come and say hello.'] },
      ],
    ),
  },
  {
    firm: 'la-table-de-lina',
    name: 'Les pralines roses, une histoire lyonnaise',
    summary: 'D’où vient cette amande enrobée de sucre rose, et comment nous faisons notre tarte.',
    category: 'stories',
    daysAgo: 27,
    html: article("Aucun dessert n'est plus lyonnais que la tarte aux pralines. Pourtant, la praline rose vient d'ailleurs.", [
      {
        h: 'Un peu d’histoire',
        p: [
          "La praline rose est née au XVIIe siècle dans la cuisine du maréchal du Plessis-Praslin. Elle a voyagé jusqu'à Lyon, où les pâtissiers l'ont adoptée et colorée de rose.",
        ],
      },
      {
        h: 'Notre tarte',
        ol: [
          'Une pâte sablée cuite à blanc.',
          'Les pralines concassées cuites avec de la crème double.',
          'Une nuit au frais, puis un passage au four pour la servir tiède.',
        ],
      },
    ]),
  },
  {
    firm: 'sahtein-kitchen',
    name: 'كيف تحضّر متبلاً مثل مطبخنا',
    summary: 'الفحم هو السر: وصفة المتبل خطوة بخطوة.',
    category: 'recipes',
    daysAgo: 11,
    html: article('المتبل طبق بسيط، لكن نكهة الدخان فيه هي ما يصنع الفرق.', [
      {
        h: 'المكونات',
        ul: ['حبتا باذنجان كبيرتان', 'ثلاث ملاعق كبيرة طحينة', 'فص ثوم مهروس', 'عصير نصف ليمونة', 'ملح وزيت زيتون ورمان للتزيين'],
      },
      {
        h: 'الطريقة',
        ol: [
          'اشوِ الباذنجان على الفحم أو على نار الغاز حتى يسودّ قشره تماماً.',
          'اتركه يبرد ثم قشّره وصفِّ ماءه.',
          'اهرسه بالشوكة مع الطحينة والثوم والليمون والملح.',
          'زيّنه بزيت الزيتون وحبات الرمان.',
        ],
      },
    ]),
  },
  {
    firm: 'green-fork',
    name: 'Meet the Farms Behind Our Menu',
    summary: 'Two family farms in the Hudson Valley grow most of what you eat at Green Fork.',
    category: 'stories',
    daysAgo: 33,
    html: article(
      'When we opened, we promised ourselves we would know the name of every farmer who grows our vegetables. Five years later, we still do.',
      [
        {
          h: 'Hearth Hill Farm',
          p: [
            'Run by Ana and Tomás Reyes near Kingston, Hearth Hill grows our greens, herbs and the cauliflower for the tacos. They deliver twice a week in a van that has seen better days.',
          ],
        },
        {
          h: 'Little Creek Mushrooms',
          p: [
            'The oyster mushrooms in our burger are grown in an old dairy barn by Priya Natarajan, who started with one shelf and now supplies eight restaurants.',
          ],
        },
        { p: ['In the summer we run a bus to both farms for a day of picking and lunch. Watch this space.'] },
      ],
    ),
  },
  {
    firm: 'boulangerie-marceau',
    name: 'Comment conserver son pain au levain',
    summary: 'Torchon, boîte à pain ou congélateur : nos conseils pour garder une miche une semaine.',
    category: 'guides',
    daysAgo: 5,
    html: article('Un bon pain au levain se garde longtemps, à condition de bien le traiter.', [
      {
        ul: [
          '<strong>Jamais au réfrigérateur</strong> : le froid le fait rassir plus vite.',
          'Enveloppez-le dans un torchon de lin, face coupée contre la planche.',
          'Une boîte à pain en bois garde la croûte sans la ramollir.',
          'Pour plus d’une semaine, tranchez-le et congelez les tranches.',
        ],
      },
      {
        p: ['Et si votre pain a durci, passez-le cinq minutes au four à 200 °C après l’avoir humidifié : il retrouvera son croustillant.'],
      },
    ]),
  },
  {
    firm: 'boulangerie-marceau',
    name: 'La galette des rois revient',
    summary: 'Frangipane classique, pistache-griotte ou pomme-caramel : réservez la vôtre dès maintenant.',
    category: 'announcements',
    daysAgo: 1,
    html: article('Trois galettes cette année, toutes avec une fève en porcelaine dessinée par une illustratrice du quartier.', [
      { ul: ['Frangipane classique (4, 6 ou 8 parts)', 'Pistache et griotte', 'Pomme, caramel au beurre salé'] },
      { p: ['Réservation en boutique ou par téléphone, retrait à partir du 2 janvier.'] },
    ]),
  },
  {
    firm: 'dar-zitoun',
    name: 'الطنجية: طبق الرجال في مراكش',
    summary: 'حكاية الجرة الفخارية التي تُطهى في رماد الحمّام طوال الليل.',
    category: 'stories',
    daysAgo: 40,
    html: article('لا يمكنك أن تزور مراكش دون أن تتذوق الطنجية، الطبق الذي كان يحضّره الحرفيون يوم الجمعة.', [
      {
        p: [
          'توضع قطع اللحم في جرة فخارية مع الثوم والكمون والزعفران والليمون المصير، ثم تُحمل الجرة إلى فرناتشي الحمّام لتُدفن في الرماد الساخن طوال الليل.',
        ],
      },
      { h: 'في دار الزيتون', ul: ['نستخدم لحم العجل من جبال الأطلس', 'نطهوها اثنتي عشرة ساعة', 'نقدّمها مع خبز الفرن التقليدي'] },
    ]),
  },
  {
    firm: 'bean-and-bloom',
    name: 'How to Brew Better Coffee at Home',
    summary: 'Grind fresh, weigh your coffee and stop using boiling water. The rest is detail.',
    category: 'guides',
    daysAgo: 18,
    html: article('You do not need an expensive machine to make great coffee at home. You need three habits.', [
      {
        h: 'The three habits',
        ol: [
          'Grind right before you brew. Pre-ground coffee goes stale in days.',
          'Weigh it: 15 g of coffee to 250 g of water is a great starting point.',
          'Let the kettle rest for thirty seconds after it boils.',
        ],
      },
      { h: 'Our favourite kit', ul: ['A simple burr grinder', 'A cheap kitchen scale', 'A V60 or a French press'] },
      { p: ['Bring your grinder to the shop and we will dial it in for you, for free.'] },
    ]),
  },
  {
    firm: 'bean-and-bloom',
    name: 'New Single Origin: Finca La Esperanza',
    summary: 'A honey-processed Colombian with notes of red apple and panela, roasted this week.',
    category: 'news',
    daysAgo: 2,
    html: article('Our newest coffee comes from Finca La Esperanza in Huila, run by Doña Marleny Cruz and her sons.', [
      { ul: ['Process: honey', 'Altitude: 1,750 m', 'Notes: red apple, panela, cacao nib'] },
      { p: ['It shines as a pour-over and makes a surprisingly sweet espresso. Available in 250 g bags while it lasts.'] },
    ]),
  },
  {
    firm: 'blue-door-ramen',
    name: 'Eighteen Hours of Broth',
    summary: 'What happens in our kitchen between closing time and the next evening’s first bowl.',
    category: 'behind-the-scenes',
    daysAgo: 25,
    html: article('Our tonkotsu starts the night before you eat it. Here is the timeline.', [
      {
        ol: [
          '11 pm: pork bones blanched, scrubbed and back in the pot.',
          '1 am: a hard rolling boil begins; this is what makes the broth milky.',
          '9 am: the chef tops up water and skims.',
          '3 pm: onions, garlic and ginger go in for the last hours.',
          '5 pm: strained, seasoned with tare, ready for the first bowl.',
        ],
      },
      { p: ['That is why we cannot make more when it runs out. Come early on Fridays.'] },
    ]),
  },
  {
    firm: 'paper-lantern-books',
    name: 'Our Staff Picks for Winter',
    summary: 'Twelve books to read under a blanket, chosen by the people who shelve them.',
    category: 'guides',
    daysAgo: 7,
    html: article('Every season we ask the team for the book they pressed into the most customers’ hands. Here is the winter list.', [
      {
        h: 'Fiction',
        ul: [
          '<em>The Salt Road</em> by Maya Oduya',
          '<em>Small Things Like These</em> by Claire Keegan',
          '<em>The Bee Sting</em> by Paul Murray',
          '<em>Tomorrow, and Tomorrow, and Tomorrow</em> by Gabrielle Zevin',
        ],
      },
      {
        h: 'Non-fiction',
        ul: [
          '<em>Braiding Sweetgrass</em> by Robin Wall Kimmerer',
          '<em>The Salt Path</em> by Raynor Winn',
          '<em>Invisible Women</em> by Caroline Criado Perez',
        ],
      },
      { p: ['Ask at the till for the full list of twelve, printed on a bookmark.'] },
    ]),
  },
  {
    firm: 'paper-lantern-books',
    name: 'Book Club Is Moving to Thursdays',
    summary: 'From January our monthly book club meets on the second Thursday of the month.',
    category: 'announcements',
    daysAgo: 44,
    html: article(
      'Thank you for telling us that Wednesdays clashed with everything. From January, book club moves to the second Thursday of each month at 7 pm.',
      [{ p: ['January’s book is <em>The Bee Sting</em>. Members get 10% off the book of the month.'] }],
    ),
  },
  {
    firm: 'librairie-des-mots',
    name: 'Parcours BD à Bruxelles : notre itinéraire',
    summary: 'Dix fresques de bande dessinée à voir à pied en deux heures, au départ de la librairie.',
    category: 'guides',
    daysAgo: 30,
    html: article('Bruxelles compte plus de soixante fresques BD. Voici notre balade préférée, facile à faire en une après-midi.', [
      {
        ol: [
          'Tintin, rue de l’Étuve',
          'Broussaille, rue du Marché au Charbon',
          'Le Chat de Geluck, boulevard du Midi',
          'Lucky Luke, rue de la Buanderie',
          'Boule et Bill, rue du Chevreuil',
        ],
      },
      { p: ['Demandez le plan imprimé à la caisse : il est gratuit et contient les cinq autres étapes.'] },
    ]),
  },
  {
    firm: 'atelier-indigo',
    name: 'How Natural Indigo Dyeing Works',
    summary: 'Why your jeans turn green before they turn blue, and why every dip matters.',
    category: 'behind-the-scenes',
    daysAgo: 50,
    html: article('Natural indigo is a living dye. Our vat in the back of the workshop is fed every day like a sourdough starter.', [
      {
        h: 'Green to blue',
        p: [
          'When cloth comes out of the vat it is yellow-green. As it meets the air, the indigo oxidises and the blue appears in front of your eyes. Each dip adds a layer; our jeans get between eight and twelve.',
        ],
      },
      {
        h: 'Caring for hand-dyed denim',
        ul: ['Wash inside out, cold, rarely', 'Dry in the shade', 'Expect it to mark light sofas for the first weeks'],
      },
    ]),
  },
  {
    firm: 'maison-sable',
    name: 'Rencontre avec la coopérative de Tighmert',
    summary: 'Les brodeuses qui réalisent nos robes Atlas, dans une oasis près de Guelmim.',
    category: 'stories',
    daysAgo: 62,
    html: article(
      'Depuis trois ans, nous travaillons avec douze brodeuses de la coopérative de Tighmert, une oasis aux portes du Sahara.',
      [
        {
          p: [
            'Chaque robe demande environ quarante heures de broderie. Les motifs, transmis de mère en fille, racontent les palmiers, les étoiles et les caravanes.',
          ],
        },
        {
          h: 'Ce que nous avons décidé ensemble',
          ul: [
            'Un prix fixé par les brodeuses elles-mêmes',
            'Un acompte versé à la commande',
            'Le nom de la brodeuse sur l’étiquette de chaque robe',
          ],
        },
      ],
    ),
  },
  {
    firm: 'the-bloom-room',
    name: 'Five Ways to Make Cut Flowers Last Longer',
    summary: 'Clean vases, sharp knives and a surprising tip about fruit bowls.',
    category: 'guides',
    daysAgo: 12,
    html: article('Our bouquets should last a week or more. Here is how to get there.', [
      {
        ol: [
          'Wash the vase with hot soapy water before every new bouquet.',
          'Cut two centimetres off each stem at an angle with a sharp knife, not scissors.',
          'Strip every leaf that would sit under the water.',
          'Change the water every two days.',
          'Keep flowers away from the fruit bowl: ripening fruit releases ethylene, which ages flowers.',
        ],
      },
    ]),
  },
  {
    firm: 'clay-and-kiln',
    name: 'New Glaze Collection: Oregon Coast',
    summary: 'Tidepool, Driftwood, Kelp and Fog: four glazes developed over a year of test tiles.',
    category: 'news',
    daysAgo: 36,
    html: article('After more than three hundred test tiles, our coast collection is finally in the shop.', [
      {
        ul: [
          '<strong>Tidepool</strong>: speckled teal that breaks brown on the rims',
          '<strong>Driftwood</strong>: warm grey with iron spots',
          '<strong>Kelp</strong>: deep olive, glossy',
          '<strong>Fog</strong>: satin white with a blue haze',
        ],
      },
      { p: ['All four are food safe and dishwasher safe. Mugs, bowls and plates are available now; serving pieces follow in spring.'] },
    ]),
  },
  {
    firm: 'epicerie-soleil',
    name: 'Recette : la vraie socca niçoise',
    summary: "Farine de pois chiches, huile d'olive, four très chaud : la galette de rue de Nice.",
    category: 'recipes',
    daysAgo: 16,
    html: article('La socca se mange brûlante, avec les doigts et beaucoup de poivre. Voici la version que nous cuisons le samedi.', [
      {
        h: 'Ingrédients',
        ul: ['250 g de farine de pois chiches', '50 cl d’eau', '3 cuillères à soupe d’huile d’olive de Nice', '1 cuillère à café de sel'],
      },
      {
        h: 'Préparation',
        ol: [
          'Fouettez farine, eau, sel et huile ; laissez reposer deux heures.',
          'Chauffez le four au maximum avec une grande plaque huilée à l’intérieur.',
          'Versez une couche fine et enfournez sous le gril 6 à 8 minutes.',
          'Découpez, poivrez généreusement, mangez tout de suite.',
        ],
      },
    ]),
  },
  {
    firm: 'attar-alsharq',
    name: 'دليلك لاختيار دهن العود',
    summary: 'الفرق بين العود الهندي والكمبودي والماليزي، وكيف تختبر جودة الدهن.',
    category: 'guides',
    daysAgo: 48,
    html: article('دهن العود من أثمن العطور في العالم، واختياره يحتاج إلى شيء من المعرفة.', [
      {
        h: 'أشهر الأنواع',
        ul: [
          '<strong>الهندي</strong>: قوي وحيواني الطابع',
          '<strong>الكمبودي</strong>: حلو وفاكهي',
          '<strong>الماليزي</strong>: ناعم وخشبي',
        ],
      },
      {
        h: 'كيف تختبر الجودة',
        ol: ['ضع قطرة على ظاهر اليد وانتظر عشر دقائق.', 'لاحظ تطور الرائحة خلال ساعات.', 'الدهن الجيد لا يترك أثراً زيتياً ثقيلاً.'],
      },
    ]),
  },
  {
    firm: 'spoke-and-chain',
    name: 'Get Your Bike Ready for Winter',
    summary: 'Lights, tyres and a little oil: a checklist for the dark months in Amsterdam.',
    category: 'guides',
    daysAgo: 20,
    html: article(
      'Amsterdam winters are wet, windy and dark by half past four. A few minutes with your bike now saves a cold walk home later.',
      [
        {
          ul: [
            'Check both lights, and carry a spare set of batteries or a USB cable.',
            'Pump tyres a little softer for grip on wet cobbles.',
            'Oil the chain weekly: rain washes it clean.',
            'Test your brakes in the rain before you need them.',
          ],
        },
        { p: ['Our winter check costs €25 and takes twenty minutes while you have a coffee next door.'] },
      ],
    ),
  },
  {
    firm: 'the-hive-lisbon',
    name: 'Working from Lisbon: A Practical Guide',
    summary: 'Visas, neighbourhoods, SIM cards and where to find a decent desk.',
    category: 'guides',
    daysAgo: 55,
    html: article('Half of our members moved to Lisbon in the last two years. Here is what they wish they had known.', [
      {
        h: 'The paperwork',
        ul: [
          'Get your NIF (tax number) first: you need it for everything.',
          'The digital nomad visa needs proof of income for the last three months.',
        ],
      },
      {
        h: 'Where to live',
        ul: [
          'Arroios: lively, good value, lots of cafés',
          'Campo de Ourique: quiet and family-friendly',
          'Cais do Sodré: central, but loud at night',
        ],
      },
      { p: ['Drop by for a free day pass in your first week. We are happy to answer questions over coffee.'] },
    ]),
  },
  {
    firm: 'byteforge',
    name: 'What We Learned Shipping Weekly for a Year',
    summary: 'Small releases, boring deploys and why we stopped estimating in days.',
    category: 'stories',
    daysAgo: 70,
    html: article('A year ago we promised every client a release every week. Here is what changed, for them and for us.', [
      {
        h: 'What worked',
        ul: [
          'Feature flags for anything bigger than a day',
          'A deploy that anyone on the team can run',
          'Demo on Friday, even if the demo is small',
        ],
      },
      { h: 'What did not', ul: ['Estimating in days: we switched to small, medium and large', 'Skipping tests “just this once”'] },
      { p: ['The biggest surprise: clients trusted us more when they saw small progress every week than when we delivered big launches.'] },
    ]),
  },
  {
    firm: 'nuage-labs',
    name: 'Nouvelle fonction : la liste d’attente intelligente',
    summary: 'Quand une table se libère, le client suivant est prévenu par SMS automatiquement.',
    category: 'news',
    daysAgo: 8,
    html: article("Vous nous l'avez beaucoup demandée : la liste d'attente est désormais disponible pour tous les forfaits Resto.", [
      {
        ol: [
          'Le client s’inscrit depuis votre page ou au comptoir.',
          'Dès qu’une table se libère, il reçoit un SMS.',
          'Il confirme en un clic, ou cède sa place au suivant.',
        ],
      },
      { p: ['La fonction est incluse sans frais supplémentaires. Activez-la dans Réglages, puis Salle.'] },
    ]),
  },
  {
    firm: 'makers-den',
    name: 'Open Tuesdays Are Back',
    summary: 'Drop in from 6 pm every Tuesday: no membership needed, just curiosity.',
    category: 'announcements',
    daysAgo: 4,
    html: article(
      'After a summer break, open Tuesdays return. From 6 pm to 9 pm anyone can come in, see the machines and get help with a project.',
      [
        {
          ul: [
            'Free entry, materials at cost',
            'Volunteers on the laser, 3D printers and electronics bench',
            'Tea, biscuits and a lot of enthusiasm',
          ],
        },
      ],
    ),
  },
  {
    firm: 'the-blue-alley',
    name: 'A Night in the Life of the House Band',
    summary: 'Soundcheck at six, two sets, a jam, and breakfast at four in the morning.',
    category: 'behind-the-scenes',
    daysAgo: 15,
    html: article('Most of our audience only sees the band from eight to midnight. We followed them for a whole night.', [
      {
        p: [
          'The drummer arrives first, at six, to tune. By seven the horns are warming up in the alley behind the club, because the green room is also the storeroom.',
        ],
      },
      {
        h: 'The setlist',
        p: ['There is no setlist. The bandleader calls tunes by nodding at the piano player, who has known him for thirty years.'],
      },
      { p: ['After the jam, the band eats eggs and grits at the diner on the corner. Then they do it again tomorrow.'] },
    ]),
  },
  {
    firm: 'theatre-du-quai',
    name: 'Saison 2026 : le programme',
    summary: 'Douze créations, quatre spectacles jeune public et le retour des lectures du jeudi.',
    category: 'announcements',
    daysAgo: 58,
    html: article('La nouvelle saison du Théâtre du Quai fait la part belle aux écritures méditerranéennes.', [
      {
        h: 'Temps forts',
        ul: [
          '<em>Les Femmes savantes</em> par la compagnie des Embruns',
          '<em>Le Petit Prince</em>, en famille dès 6 ans',
          'Les lectures « Voix de la Méditerranée »',
          'Un festival d’humour en rodage au printemps',
        ],
      },
      { p: ['Les abonnements sont ouverts : trois spectacles à 36 €, ou la carte amis du théâtre à 25 € pour l’année.'] },
    ]),
  },
  {
    firm: 'warehouse-nine',
    name: 'Accessibility at Warehouse Nine',
    summary: 'Step-free access, a viewing platform, quiet space and free companion tickets.',
    category: 'news',
    daysAgo: 23,
    html: article('We want everyone to enjoy a night at Warehouse Nine. Here is what is in place.', [
      {
        ul: [
          'Step-free entrance from Queen’s Yard and an accessible toilet on each floor',
          'A raised viewing platform by the main stage',
          'A quiet room with soft lighting at every event',
          'Free companion tickets: email us before the show',
        ],
      },
      { p: ['If something is missing, tell us. We read every message.'] },
    ]),
  },
  {
    firm: 'bayt-aloud',
    name: 'لماذا نحب العود؟',
    summary: 'أمير الآلات العربية: تاريخه، مقاماته، ولماذا لا يزال يأسر القلوب.',
    category: 'stories',
    daysAgo: 42,
    html: article('يُلقَّب العود بسلطان الآلات، ويرافق الغناء العربي منذ أكثر من ألف عام.', [
      { p: ['صوته الدافئ يأتي من صندوقه الخشبي الكبير المصنوع من أضلاع رقيقة، ومن أوتاره المزدوجة التي تُعزف بالريشة.'] },
      { h: 'مقامات للبداية', ul: ['الراست: مقام البهجة والثبات', 'البياتي: مقام الحنين', 'الحجاز: مقام الشوق والصحراء'] },
      { p: ['انضموا إلى ورشة المبتدئين هذا الشهر وعزفوا أول لحن لكم.'] },
    ]),
  },
  {
    firm: 'sunset-sessions',
    name: 'The 2026 Line-up, First Names',
    summary: 'Eight artists confirmed for our spring and summer rooftop series.',
    category: 'news',
    daysAgo: 10,
    html: article('The first names are in, and we could not be happier.', [
      { ul: ['Mar Azul (live)', 'Lúa Ferrer', 'The Poblenou Brass Collective', 'Ede & Laia', 'The Sunset Sessions house band'] },
      { p: ['Early tickets go on sale next week. Subscribe to hear first.'] },
    ]),
  },
  {
    firm: 'liffey-runners',
    name: 'Your First 10K: An Eight-Week Plan',
    summary: 'Three runs a week, one of them slow, and a rest day you actually take.',
    category: 'guides',
    daysAgo: 28,
    html: article('If you can run for twenty minutes without stopping, you can run a 10K in eight weeks.', [
      {
        ol: [
          'Weeks 1–2: three runs of 25 minutes, easy pace.',
          'Weeks 3–4: add five minutes to the Saturday run.',
          'Weeks 5–6: one run with four fast minutes in the middle.',
          'Week 7: a 9 km long run, slowly.',
          'Week 8: rest, two short runs, then race day.',
        ],
      },
      { p: ['Join us on Thursday evenings to train with a group. Every pace has a buddy.'] },
    ]),
  },
  {
    firm: 'iron-lotus',
    name: 'Strength and Yoga: Why Not Both?',
    summary: 'Lifting builds the muscle, yoga keeps it moving. How we combine them in a week.',
    category: 'guides',
    daysAgo: 95,
    html: article('People ask whether they should lift or stretch. Our answer: both, in the same week.', [
      { ul: ['Two strength sessions: squats, deadlifts, presses', 'Two yoga flows: hips, shoulders, breath', 'One long walk or swim'] },
      { p: ['Our coaches will build a week around your goals in a free twenty-minute consultation.'] },
    ]),
  },
  {
    firm: 'code-and-cardamom',
    name: 'Applications Open for the Spring Cohort',
    summary: 'Twelve weeks of evening classes in web development, in English or Arabic.',
    category: 'announcements',
    daysAgo: 112,
    html: article(
      'Our spring cohort starts in February. No computer science degree needed, just motivation and six evenings a fortnight.',
      [
        {
          ul: [
            'HTML, CSS and accessible design',
            'JavaScript and TypeScript',
            'Databases and APIs',
            'A final project presented at demo night',
          ],
        },
        { p: ['Scholarships cover the full fee for five students. Apply before the end of the month.'] },
      ],
    ),
  },
];
