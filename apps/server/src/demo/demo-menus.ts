/**
 * Menus of the demo restaurants for the order generator: real-looking categories, prices (cents,
 * before tax) and modifier groups, with a popularity weight per item so the item-sales report shows
 * the long tail a real menu has.
 */

export interface TDemoOption {
  name: string;
  priceCents: number;
}

export interface TDemoModifierGroup {
  group: string;
  /** Chance that a guest picks something from this group. */
  chance: number;
  options: TDemoOption[];
  /** At most this many different options from the group (default 1). */
  max?: number;
}

export interface TDemoItem {
  id: string;
  name: string;
  category: string;
  priceCents: number;
  /** Relative popularity within the menu. */
  weight: number;
  modifiers?: TDemoModifierGroup[];
  /** Drinks and sides are often ordered two at a time. */
  multiples?: boolean;
}

export type TMenuKind = 'bistro' | 'chinese' | 'diner' | 'ramen';

export interface TDemoMenu {
  kind: TMenuKind;
  items: TDemoItem[];
  /** Local peak times in minutes after midnight, with their share of the day's orders and spread. */
  peaks: Array<{ at: number; share: number; spreadMinutes: number }>;
  servers: string[];
}

const temp: TDemoModifierGroup = {
  group: 'Temperature',
  chance: 0.95,
  options: [
    { name: 'Rare', priceCents: 0 },
    { name: 'Medium rare', priceCents: 0 },
    { name: 'Medium', priceCents: 0 },
    { name: 'Well done', priceCents: 0 },
  ],
};
const side = (chance = 0.6): TDemoModifierGroup => ({
  group: 'Side',
  chance,
  options: [
    { name: 'Fries', priceCents: 0 },
    { name: 'Side salad', priceCents: 0 },
    { name: 'Truffle fries', priceCents: 300 },
    { name: 'Sweet potato fries', priceCents: 200 },
  ],
});
const addOns = (options: TDemoOption[], chance = 0.25, max = 2): TDemoModifierGroup => ({
  group: 'Add-ons',
  chance,
  options,
  max,
});
const removals = (options: string[], chance = 0.1): TDemoModifierGroup => ({
  group: 'Requests',
  chance,
  options: options.map((name) => ({ name, priceCents: 0 })),
});
const spice: TDemoModifierGroup = {
  group: 'Spice level',
  chance: 0.5,
  options: [
    { name: 'Mild', priceCents: 0 },
    { name: 'Medium spicy', priceCents: 0 },
    { name: 'Extra spicy', priceCents: 0 },
  ],
};

const lunchAndDinner = [
  { at: 12 * 60 + 30, share: 0.38, spreadMinutes: 45 },
  { at: 19 * 60 + 15, share: 0.5, spreadMinutes: 65 },
];

export const DEMO_MENUS: Record<TMenuKind, TDemoMenu> = {
  bistro: {
    kind: 'bistro',
    peaks: lunchAndDinner,
    servers: ['Sofia Ramirez', 'James Walsh', 'Priya Shah', 'Tom Becker', 'Ana Costa'],
    items: [
      { id: 'B-OYS6', name: 'Half-dozen oysters', category: 'Raw bar', priceCents: 1950, weight: 8 },
      { id: 'B-OYS12', name: 'Dozen oysters', category: 'Raw bar', priceCents: 3600, weight: 3 },
      { id: 'B-SHRC', name: 'Shrimp cocktail', category: 'Raw bar', priceCents: 1600, weight: 3 },
      {
        id: 'B-CHWD',
        name: 'New England clam chowder',
        category: 'Starters',
        priceCents: 1100,
        weight: 9,
        modifiers: [
          {
            group: 'Size',
            chance: 1,
            options: [
              { name: 'Cup', priceCents: 0 },
              { name: 'Bowl', priceCents: 400 },
            ],
          },
        ],
      },
      { id: 'B-CALM', name: 'Crispy calamari', category: 'Starters', priceCents: 1500, weight: 6 },
      {
        id: 'B-CAES',
        name: 'Caesar salad',
        category: 'Salads',
        priceCents: 1300,
        weight: 6,
        modifiers: [
          addOns(
            [
              { name: 'Add chicken', priceCents: 600 },
              { name: 'Add salmon', priceCents: 900 },
              { name: 'Add shrimp', priceCents: 800 },
            ],
            0.45,
            1,
          ),
        ],
      },
      { id: 'B-BEET', name: 'Roasted beet salad', category: 'Salads', priceCents: 1400, weight: 3 },
      {
        id: 'B-LOBR',
        name: 'Lobster roll',
        category: 'Mains',
        priceCents: 3200,
        weight: 9,
        modifiers: [
          {
            group: 'Style',
            chance: 1,
            options: [
              { name: 'Cold with mayo', priceCents: 0 },
              { name: 'Warm with butter', priceCents: 0 },
            ],
          },
          side(0.8),
        ],
      },
      {
        id: 'B-BURG',
        name: 'Bistro burger',
        category: 'Mains',
        priceCents: 1900,
        weight: 10,
        modifiers: [
          temp,
          side(0.9),
          addOns([
            { name: 'Bacon', priceCents: 250 },
            { name: 'Cheddar', priceCents: 150 },
            { name: 'Fried egg', priceCents: 200 },
          ]),
          removals(['No onion', 'No pickles', 'Gluten-free bun']),
        ],
      },
      { id: 'B-FISH', name: 'Fish and chips', category: 'Mains', priceCents: 2400, weight: 7 },
      {
        id: 'B-SALM',
        name: 'Seared salmon',
        category: 'Mains',
        priceCents: 2900,
        weight: 6,
        modifiers: [removals(['Sauce on the side', 'No butter'])],
      },
      {
        id: 'B-STEAK',
        name: 'Steak frites',
        category: 'Mains',
        priceCents: 3800,
        weight: 6,
        modifiers: [
          temp,
          addOns(
            [
              { name: 'Peppercorn sauce', priceCents: 300 },
              { name: 'Blue cheese butter', priceCents: 300 },
            ],
            0.3,
            1,
          ),
        ],
      },
      { id: 'B-SCAL', name: 'Pan-roasted scallops', category: 'Mains', priceCents: 3600, weight: 4 },
      { id: 'B-PAST', name: 'Lobster mac and cheese', category: 'Mains', priceCents: 2800, weight: 4 },
      { id: 'B-FRIES', name: 'Truffle fries', category: 'Sides', priceCents: 900, weight: 5 },
      { id: 'B-BRUS', name: 'Brussels sprouts', category: 'Sides', priceCents: 800, weight: 3 },
      { id: 'B-PIE', name: 'Boston cream pie', category: 'Desserts', priceCents: 1000, weight: 4 },
      { id: 'B-BROW', name: 'Brownie sundae', category: 'Desserts', priceCents: 1100, weight: 3 },
      { id: 'B-IPA', name: 'Harbor IPA draft', category: 'Beer', priceCents: 800, weight: 9, multiples: true },
      { id: 'B-LAGR', name: 'Lager draft', category: 'Beer', priceCents: 700, weight: 5, multiples: true },
      {
        id: 'B-WINE',
        name: 'House wine',
        category: 'Wine',
        priceCents: 1200,
        weight: 7,
        multiples: true,
        modifiers: [
          {
            group: 'Wine',
            chance: 1,
            options: [
              { name: 'Sauvignon blanc', priceCents: 0 },
              { name: 'Pinot noir', priceCents: 0 },
              { name: 'Chardonnay', priceCents: 0 },
              { name: 'Cabernet', priceCents: 200 },
            ],
          },
        ],
      },
      { id: 'B-MART', name: 'Espresso martini', category: 'Cocktails', priceCents: 1500, weight: 4, multiples: true },
      { id: 'B-MULE', name: 'Harbor mule', category: 'Cocktails', priceCents: 1400, weight: 4, multiples: true },
      { id: 'B-SODA', name: 'Soft drink', category: 'Non-alcoholic', priceCents: 350, weight: 6, multiples: true },
      { id: 'B-COFF', name: 'Coffee', category: 'Non-alcoholic', priceCents: 400, weight: 3 },
    ],
  },
  chinese: {
    kind: 'chinese',
    peaks: [
      { at: 12 * 60 + 15, share: 0.4, spreadMinutes: 50 },
      { at: 18 * 60 + 45, share: 0.48, spreadMinutes: 70 },
    ],
    servers: ['王伟 Wei Wang', '李娜 Na Li', 'Kevin Zhou', 'Amy Lin'],
    items: [
      { id: 'D-SPRL', name: '春卷 Spring rolls', category: '点心 Dim sum', priceCents: 650, weight: 8 },
      { id: 'D-XLB', name: '小笼包 Soup dumplings', category: '点心 Dim sum', priceCents: 1100, weight: 10 },
      { id: 'D-SHUM', name: '烧卖 Shumai', category: '点心 Dim sum', priceCents: 850, weight: 6 },
      { id: 'D-HGOW', name: '虾饺 Har gow', category: '点心 Dim sum', priceCents: 900, weight: 6 },
      { id: 'D-HSS', name: '酸辣汤 Hot and sour soup', category: '汤 Soups', priceCents: 600, weight: 5 },
      { id: 'D-WTS', name: '云吞汤 Wonton soup', category: '汤 Soups', priceCents: 700, weight: 5 },
      {
        id: 'D-KPC',
        name: '宫保鸡丁 Kung pao chicken',
        category: '主菜 Mains',
        priceCents: 1650,
        weight: 10,
        modifiers: [spice, removals(['No peanuts', 'Less oil'])],
      },
      {
        id: 'D-GTC',
        name: "左宗棠鸡 General Tso's chicken",
        category: '主菜 Mains',
        priceCents: 1695,
        weight: 9,
        modifiers: [spice],
      },
      {
        id: 'D-MAPO',
        name: '麻婆豆腐 Mapo tofu',
        category: '主菜 Mains',
        priceCents: 1400,
        weight: 6,
        modifiers: [
          spice,
          {
            group: 'Protein',
            chance: 0.3,
            options: [
              { name: 'With pork', priceCents: 200 },
              { name: 'Vegetarian', priceCents: 0 },
            ],
          },
        ],
      },
      { id: 'D-BBF', name: '黑椒牛柳 Black pepper beef', category: '主菜 Mains', priceCents: 1895, weight: 6 },
      {
        id: 'D-DUCK',
        name: '北京烤鸭 Peking duck (half)',
        category: '主菜 Mains',
        priceCents: 3800,
        weight: 3,
        modifiers: [addOns([{ name: 'Extra pancakes', priceCents: 300 }], 0.3, 1)],
      },
      { id: 'D-FISH', name: '清蒸鱼 Steamed whole fish', category: '主菜 Mains', priceCents: 3200, weight: 2 },
      { id: 'D-BOKC', name: '蒜蓉菜心 Garlic bok choy', category: '蔬菜 Vegetables', priceCents: 1200, weight: 5 },
      {
        id: 'D-GBNS',
        name: '干煸四季豆 Dry-fried green beans',
        category: '蔬菜 Vegetables',
        priceCents: 1300,
        weight: 4,
      },
      {
        id: 'D-FRIC',
        name: '扬州炒饭 Yangzhou fried rice',
        category: '饭面 Rice & noodles',
        priceCents: 1300,
        weight: 8,
        modifiers: [addOns([{ name: 'Add shrimp', priceCents: 400 }], 0.2, 1)],
      },
      {
        id: 'D-LOMN',
        name: '捞面 Lo mein',
        category: '饭面 Rice & noodles',
        priceCents: 1300,
        weight: 7,
        modifiers: [
          {
            group: 'Protein',
            chance: 0.9,
            options: [
              { name: 'Chicken', priceCents: 0 },
              { name: 'Beef', priceCents: 200 },
              { name: 'Shrimp', priceCents: 300 },
              { name: 'Vegetable', priceCents: 0 },
            ],
          },
        ],
      },
      {
        id: 'D-RICE',
        name: '白饭 Steamed rice',
        category: '饭面 Rice & noodles',
        priceCents: 250,
        weight: 8,
        multiples: true,
      },
      { id: 'D-TEA', name: '茶 Jasmine tea (pot)', category: '饮料 Drinks', priceCents: 400, weight: 6 },
      {
        id: 'D-BOBA',
        name: '珍珠奶茶 Bubble tea',
        category: '饮料 Drinks',
        priceCents: 600,
        weight: 5,
        multiples: true,
        modifiers: [
          {
            group: 'Sweetness',
            chance: 0.7,
            options: [
              { name: '50% sugar', priceCents: 0 },
              { name: 'No sugar', priceCents: 0 },
            ],
          },
        ],
      },
      {
        id: 'D-TSING',
        name: '青岛啤酒 Tsingtao',
        category: '饮料 Drinks',
        priceCents: 700,
        weight: 4,
        multiples: true,
      },
      { id: 'D-MANGO', name: '杨枝甘露 Mango pomelo sago', category: '甜品 Desserts', priceCents: 750, weight: 3 },
    ],
  },
  diner: {
    kind: 'diner',
    peaks: [
      { at: 8 * 60 + 30, share: 0.45, spreadMinutes: 60 },
      { at: 12 * 60 + 20, share: 0.45, spreadMinutes: 45 },
    ],
    servers: ['Betty Olsen', 'Dave Kowalski', 'Maria Lopez'],
    items: [
      {
        id: 'M-PANC',
        name: 'Buttermilk pancakes',
        category: 'Breakfast',
        priceCents: 1100,
        weight: 10,
        modifiers: [
          addOns(
            [
              { name: 'Blueberries', priceCents: 200 },
              { name: 'Chocolate chips', priceCents: 150 },
              { name: 'Vermont maple syrup', priceCents: 300 },
            ],
            0.5,
            2,
          ),
        ],
      },
      {
        id: 'M-EGGS',
        name: 'Two eggs any style',
        category: 'Breakfast',
        priceCents: 1000,
        weight: 9,
        modifiers: [
          {
            group: 'Eggs',
            chance: 1,
            options: [
              { name: 'Scrambled', priceCents: 0 },
              { name: 'Over easy', priceCents: 0 },
              { name: 'Sunny side up', priceCents: 0 },
              { name: 'Poached', priceCents: 0 },
            ],
          },
          {
            group: 'Meat',
            chance: 0.8,
            options: [
              { name: 'Bacon', priceCents: 0 },
              { name: 'Sausage', priceCents: 0 },
              { name: 'Ham', priceCents: 0 },
            ],
          },
        ],
      },
      {
        id: 'M-OMEL',
        name: 'Western omelette',
        category: 'Breakfast',
        priceCents: 1300,
        weight: 6,
        modifiers: [removals(['Egg whites only', 'No onion'], 0.2)],
      },
      { id: 'M-FTST', name: 'French toast', category: 'Breakfast', priceCents: 1150, weight: 5 },
      { id: 'M-BENE', name: 'Eggs Benedict', category: 'Breakfast', priceCents: 1450, weight: 5 },
      { id: 'M-CLUB', name: 'Club sandwich', category: 'Lunch', priceCents: 1350, weight: 6, modifiers: [side(0.9)] },
      {
        id: 'M-BURG',
        name: 'Diner cheeseburger',
        category: 'Lunch',
        priceCents: 1400,
        weight: 8,
        modifiers: [temp, side(0.9), addOns([{ name: 'Bacon', priceCents: 200 }])],
      },
      { id: 'M-REUB', name: 'Reuben', category: 'Lunch', priceCents: 1450, weight: 4, modifiers: [side(0.9)] },
      { id: 'M-SOUP', name: 'Soup of the day', category: 'Lunch', priceCents: 650, weight: 5 },
      { id: 'M-HASH', name: 'Hash browns', category: 'Sides', priceCents: 450, weight: 6 },
      { id: 'M-TOAS', name: 'Toast', category: 'Sides', priceCents: 300, weight: 4 },
      {
        id: 'M-PIE',
        name: 'Apple pie',
        category: 'Desserts',
        priceCents: 650,
        weight: 3,
        modifiers: [addOns([{ name: 'À la mode', priceCents: 250 }], 0.4, 1)],
      },
      { id: 'M-COFF', name: 'Bottomless coffee', category: 'Drinks', priceCents: 300, weight: 12 },
      { id: 'M-OJ', name: 'Fresh orange juice', category: 'Drinks', priceCents: 450, weight: 5, multiples: true },
      {
        id: 'M-SHAKE',
        name: 'Milkshake',
        category: 'Drinks',
        priceCents: 700,
        weight: 3,
        modifiers: [
          {
            group: 'Flavor',
            chance: 1,
            options: [
              { name: 'Vanilla', priceCents: 0 },
              { name: 'Chocolate', priceCents: 0 },
              { name: 'Maple', priceCents: 50 },
            ],
          },
        ],
      },
    ],
  },
  ramen: {
    kind: 'ramen',
    peaks: [
      { at: 12 * 60 + 20, share: 0.4, spreadMinutes: 40 },
      { at: 19 * 60, share: 0.5, spreadMinutes: 60 },
    ],
    servers: ['Yuki Tanaka', 'Ken Sato', 'Mia Park'],
    items: [
      ...(
        [
          ['R-TONK', 'Tonkotsu ramen', 1700, 12],
          ['R-SHOY', 'Shoyu ramen', 1550, 8],
          ['R-MISO', 'Spicy miso ramen', 1650, 9],
          ['R-VEG', 'Vegetable ramen', 1500, 4],
        ] as const
      ).map(([id, name, priceCents, weight]) => ({
        id,
        name,
        category: 'Ramen',
        priceCents,
        weight,
        modifiers: [
          {
            group: 'Noodle firmness',
            chance: 0.4,
            options: [
              { name: 'Firm', priceCents: 0 },
              { name: 'Soft', priceCents: 0 },
            ],
          },
          addOns(
            [
              { name: 'Ajitama egg', priceCents: 250 },
              { name: 'Extra chashu', priceCents: 450 },
              { name: 'Extra noodles (kaedama)', priceCents: 300 },
              { name: 'Corn and butter', priceCents: 200 },
            ],
            0.55,
            2,
          ),
        ],
      })),
      { id: 'R-GYOZ', name: 'Pork gyoza', category: 'Small plates', priceCents: 800, weight: 8 },
      { id: 'R-KARA', name: 'Chicken karaage', category: 'Small plates', priceCents: 950, weight: 6 },
      { id: 'R-EDAM', name: 'Edamame', category: 'Small plates', priceCents: 550, weight: 5 },
      { id: 'R-BUNS', name: 'Pork belly buns', category: 'Small plates', priceCents: 1000, weight: 4 },
      { id: 'R-DON', name: 'Chashu don', category: 'Rice', priceCents: 1200, weight: 3 },
      { id: 'R-SAPP', name: 'Sapporo draft', category: 'Drinks', priceCents: 750, weight: 6, multiples: true },
      { id: 'R-RAMU', name: 'Ramune soda', category: 'Drinks', priceCents: 450, weight: 4, multiples: true },
      { id: 'R-TEA', name: 'Green tea', category: 'Drinks', priceCents: 300, weight: 4 },
      { id: 'R-MOCH', name: 'Mochi ice cream', category: 'Desserts', priceCents: 650, weight: 3 },
    ],
  },
};

/** Which menu a demo restaurant serves, from its name; unknown restaurants get the bistro's. */
export function menuKindFor(name: string, index: number): TMenuKind {
  const n = name.toLowerCase();
  if (n.includes('ramen')) return 'ramen';
  if (n.includes('dragon') || n.includes('餐厅') || n.includes('chinese')) return 'chinese';
  if (n.includes('diner')) return 'diner';
  if (n.includes('bistro')) return 'bistro';
  const kinds: TMenuKind[] = ['bistro', 'chinese', 'diner', 'ramen'];
  return kinds[index % kinds.length] ?? 'bistro';
}
