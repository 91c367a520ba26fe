/**
 * Passwords seen most often in public breach corpora, limited to those of eight characters or
 * more (shorter ones are refused by length anyway), plus the base words people decorate with
 * digits and symbols. `isCommonPassword` also refuses repeats, runs and keyboard walks, which
 * cover thousands of further list entries without shipping them.
 */
const COMMON = `
password password1 password12 password123 password1234 password12345 passw0rd p@ssw0rd p@ssword passwort
motdepasse contraseña 12345678 123456789 1234567890 12345678910 0123456789 987654321 9876543210 87654321
11111111 111111111 1111111111 00000000 000000000 0000000000 22222222 33333333 44444444 55555555 66666666
77777777 88888888 99999999 12121212 11223344 112233445566 123123123 123321123 1q2w3e4r 1q2w3e4r5t 1q2w3e4r5t6y
1qaz2wsx 1qaz2wsx3edc zaq12wsx zaq1zaq1 zaq1xsw2 qwertyui qwertyuiop qwerty12 qwerty123 qwerty1234 qwertyu1
qwer1234 asdfghjk asdfghjkl asdf1234 zxcvbnm1 zxcvbnm123 1234qwer abcd1234 abc12345 abcdefgh abcdefg1 a1b2c3d4
iloveyou iloveyou1 iloveyou2 iloveu123 sunshine sunshine1 princess princess1 football football1 baseball
basketball soccer12 superman batman123 spiderman starwars starwars1 trustno1 letmein1 letmein123 welcome1
welcome123 welcome2 master123 monkey123 dragon123 shadow123 michael1 jennifer jordan23 jessica1 charlie1
computer internet whatever whatever1 qazwsxedc qazwsx123 killer123 freedom1 mustang1 corvette ferrari1
blink182 liverpool chelsea1 arsenal1 manchester barcelona realmadrid juventus fuckyou1 fuckyou2 fuckoff1
babygirl babygirl1 lovelove loveyou1 lovely123 myspace1 cheese123 chocolate butterfly butterfly1 sweetheart
princesa angelica cristina danielle victoria samantha jasmine1 elizabeth alexander alexandra christopher
nicholas jonathan benjamin zachary1 patricia michelle stephanie veronica fernando, francesco
password! password# password@ password. passwordpassword administrator admin123 admin1234 admin12345 adminadmin
root1234 rootroot toortoor guest123 user1234 test1234 testtest testing1 testing123 changeme changeme1 default1
secret12 secret123 letmeinnow opensesame access14 accessdenied welcomehome goodluck1 happyday happiness
whatever123 nothing1 anything something sometimes everything forever1 forever21 friends1 bestfriend
iloveyou! beautiful beautiful1 handsome pretty123 sexygirl hottie123 lovers123 mybaby12 angel123 jesus123
jesuschrist christ123 blessed1 godisgood prayer12 heaven12 hello123 hello1234 helloworld hellokitty hi123456
qwerty12345 qwerty123456 asdfasdf asdf;lkj zxcvzxcv qweasdzxc qweqweqwe asdasdasd zxczxczxc 147258369
741852963 963852741 159753456 159357456 789456123 123456789a 12345678a a12345678 aa123456 aa12345678
q1w2e3r4 q1w2e3r4t5 1a2b3c4d 12qwaszx 123qweasd 123qweasdzxc qwe123456 asd123456 zxc123456 123abc123
abc123456 abcd12345 password2 password3 password7 password9 password01 password11 password99 password2020
password2021 password2022 password2023 password2024 password2025 password2026 summer2020 summer2021 summer2022
summer2023 summer2024 summer2025 winter2020 winter2021 winter2022 winter2023 winter2024 winter2025 spring2024
autumn2024 january1 february march2024 september october1 november december christmas halloween
newyork1 california michigan1 brooklyn1 chicago1 london123 paris123 marseille algerie1 maroc123 tunisie1
egypt123 jordan123 lebanon1 dubai123 riyadh12 morocco1 casablanca marrakech bismillah allahakbar
mohammed muhammad mohamed1 ahmed123 ali12345 omar1234 fatima12 yasmine1 soleil12 doudou12 loulou12 chouchou
nicolas1 azerty123 azertyuiop azerty12 azerty1234 azertyui qsdfghjk wxcvbn123 motdepasse1 bonjour1 bonjour123
marseille1 liberte1 doudou123 1234azer azer1234 coucou123 ihateyou lollipop lollypop pokemon1 pokemon123
minecraft minecraft1 fortnite roblox123 naruto123 onepiece dragonball pikachu1 charmander zelda123
playstation xbox360 nintendo gameboy1 computer1 samsung1 samsung123 iphone12 apple123 google123 facebook
facebook1 instagram twitter1 linkedin youtube1 netflix1 spotify1 microsoft windows7 windows10 linux123
ubuntu123 internet1 letmein! qwertyqwerty 1qazxsw2 2wsx3edc 3edc4rfv zaq!2wsx !qaz2wsx 1qaz!qaz
passpass pass1234 pass12345 passw0rd1 password1! password123! p@ssw0rd1 p@ssw0rd! pa$$word pa55word
superstar superman1 supergirl wonderwoman ironman1 captain1 thunder1 lightning rainbow1 sunflower
whiteboard blackcat1 dolphin1 elephant giraffe1 kangaroo penguin1 tiger123 lion1234 monkey12 monkeys1
dragon12 dragonfly phoenix1 mercedes porsche1 bmw12345 yamaha123 harley01 kawasaki football12
hockey123 soccer123 tennis123 golfer12 baseball1 yankees1 cowboys1 steelers lakers24 kobe2424
michael23 jordan2323 123654789 1234554321 1234512345 1234567a 1234567q 12345qwert 123456qwerty
0987654321 09876543 qwertz123 qwertzuiop 123456abc abcdef123 abcdefg123 mypassword mypassword1 yourpassword
secretpassword passphrase mysecret letmein2 trustme1 security security1 qwerty!@# 1234!@#$ !@#$%^&* !@#$%^&*()
souk1234 souksouk soukpassword
`;

const BASE_WORDS = `
password passwort passw0rd p@ssw0rd motdepasse qwerty azerty qwertz asdf zxcv iloveyou letmein welcome admin
administrator dragon monkey football baseball soccer hockey master shadow sunshine princess superman batman
trustno1 freedom whatever secret login test guest user root changeme default hello love lovely angel
jesus michael jordan summer winter spring autumn bonjour soleil souk marketplace
`;

const commonSet = new Set(
  COMMON.split(/\s+/)
    .map((w) => w.replace(/,$/, '').toLowerCase())
    .filter((w) => w.length >= 8),
);
const baseWords = new Set(BASE_WORDS.split(/\s+/).filter(Boolean));

const KEYBOARD_ROWS = [
  '1234567890',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  'azertyuiop',
  'qsdfghjklm',
  'wxcvbn',
  'abcdefghijklmnopqrstuvwxyz',
];

function isRun(value: string): boolean {
  if (value.length < 4) return false;
  for (const row of KEYBOARD_ROWS) {
    const reversed = [...row].reverse().join('');
    if (row.includes(value) || reversed.includes(value)) return true;
  }
  return false;
}

/** True when a candidate password is on the list or built in one of the ways the lists are. */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (commonSet.has(lower)) return true;
  // one repeated character, or one short chunk repeated ("abcabcabc", "12121212")
  if (/^(.{1,4})\1+$/.test(lower)) return true;
  if (isRun(lower)) return true;
  // a base word decorated with digits and symbols ("Password2024!", "!!welcome99")
  const core = lower.replace(/^[\d\W_]+|[\d\W_]+$/g, '');
  if (baseWords.has(core) || commonSet.has(core)) return true;
  // only digits and symbols with little variety ("20242024", "1990!!!!")
  if (/^[\d\W_]+$/.test(lower) && new Set(lower).size <= 4) return true;
  return false;
}
