/**
 * Lineups of past editions of seeded festivals: artists widely reported to have played them that
 * year (press coverage and the festivals' own announcements), headliners first. Indicative, like
 * the dates: a short selection, not the full poster. Upcoming editions stay 'Cartel por anunciar'.
 * Prices are indicative starting prices of a full pass (euros) for the upcoming edition.
 */
export interface SeedLineup {
  year: number;
  headliners: string[];
  others: string[];
}

export interface SeedFestivalEditions {
  /** Exactly as in festival-data.ts. */
  festival: string;
  past: SeedLineup[];
  priceFrom?: number;
  priceTo?: number;
}

export const seedEditions: SeedFestivalEditions[] = [
  {
    festival: 'Sónar',
    past: [
      {
        year: 2019,
        headliners: ['A$AP Rocky', 'Christine and the Queens'],
        others: ['Nina Kraviz', 'Jeff Mills', 'Honey Dijon', 'Bad Gyal'],
      },
    ],
    priceFrom: 150,
    priceTo: 240,
  },
  {
    festival: 'Awakenings Summer Festival',
    past: [
      {
        year: 2023,
        headliners: ['Adam Beyer', 'Amelie Lens', 'Charlotte de Witte'],
        others: [
          'Reinier Zonneveld',
          'Joris Voorn',
          'Ben Klock',
          'Enrico Sangiuliano',
          'I Hate Models',
          'Kobosil',
          'Dax J',
          'Sara Landry',
        ],
      },
      {
        year: 2019,
        headliners: ['Adam Beyer', 'Nina Kraviz', 'Jeff Mills'],
        others: ['Amelie Lens', 'Charlotte de Witte', 'Joseph Capriati', 'Joris Voorn', 'Dave Clarke'],
      },
    ],
    priceFrom: 99,
    priceTo: 180,
  },
  {
    festival: 'Tomorrowland',
    past: [
      {
        year: 2023,
        headliners: ['Dimitri Vegas & Like Mike', 'Martin Garrix', 'Swedish House Mafia', 'Armin van Buuren'],
        others: ['Charlotte de Witte', 'Afrojack', 'Hardwell', 'Tiësto', 'Amelie Lens', 'Adam Beyer'],
      },
      {
        year: 2019,
        headliners: ['Dimitri Vegas & Like Mike', 'Armin van Buuren', 'Martin Garrix', 'David Guetta'],
        others: ['Afrojack', 'Steve Aoki', 'Charlotte de Witte', 'Amelie Lens', 'Adam Beyer'],
      },
    ],
    priceFrom: 129,
    priceTo: 380,
  },
  {
    festival: 'Time Warp',
    past: [
      {
        year: 2019,
        headliners: ['Sven Väth', 'Richie Hawtin', 'Ricardo Villalobos'],
        others: ['Loco Dice', 'Nina Kraviz', 'Carl Cox', 'Adam Beyer', 'Paula Temple'],
      },
    ],
    priceFrom: 85,
  },
  {
    festival: 'Defqon.1',
    past: [
      {
        year: 2023,
        headliners: ['Headhunterz', 'Sub Zero Project', 'D-Block & S-te-Fan'],
        others: ['Da Tweekaz', 'Brennan Heart', 'Sefa', 'Warface', 'Wildstylez'],
      },
    ],
    priceFrom: 110,
    priceTo: 260,
  },
  {
    festival: 'Dekmantel Festival',
    past: [
      {
        year: 2019,
        headliners: ['Jeff Mills', 'Robert Hood', 'Helena Hauff'],
        others: ['Ben UFO', 'Joy Orbison', 'DJ Stingray', 'Call Super', 'Donato Dozzy', 'Antal'],
      },
    ],
    priceFrom: 95,
    priceTo: 235,
  },
  {
    festival: 'Creamfields',
    past: [
      {
        year: 2019,
        headliners: ['Eric Prydz', 'Carl Cox', 'Martin Garrix'],
        others: ['Fatboy Slim', 'Armin van Buuren', 'Tiësto', 'Afrojack'],
      },
    ],
    priceFrom: 120,
    priceTo: 330,
  },
  {
    festival: 'Kappa FuturFestival',
    past: [
      {
        year: 2019,
        headliners: ['Marco Carola', 'Solomun', 'Richie Hawtin'],
        others: ['Jamie Jones', 'Loco Dice', 'Nina Kraviz', 'Adam Beyer'],
      },
    ],
    priceFrom: 80,
  },
  {
    festival: 'Monegros Desert Festival',
    past: [
      {
        year: 2019,
        headliners: ['Richie Hawtin', 'Charlotte de Witte', 'Nina Kraviz'],
        others: ['Adam Beyer', 'Amelie Lens', 'Ilario Alicante'],
      },
    ],
    priceFrom: 95,
  },
  {
    festival: 'Neopop',
    past: [
      {
        year: 2019,
        headliners: ['Jeff Mills', 'Richie Hawtin', 'Ben Klock'],
        others: ['Nina Kraviz', 'Laurent Garnier'],
      },
    ],
    priceFrom: 70,
  },
  {
    festival: 'Ultra Europe',
    past: [
      {
        year: 2019,
        headliners: ['Martin Garrix', 'David Guetta', 'Armin van Buuren'],
        others: ['Afrojack', 'Carl Cox'],
      },
    ],
    priceFrom: 99,
  },
  {
    festival: 'Junction 2',
    past: [
      {
        year: 2023,
        headliners: ['Adam Beyer', 'Amelie Lens', 'Ben Klock'],
        others: ['Charlotte de Witte', 'Jamie Jones'],
      },
    ],
    priceFrom: 75,
  },
  {
    festival: 'Let It Roll',
    past: [{ year: 2019, headliners: ['Noisia', 'Andy C', 'Sub Focus'], others: ['Camo & Krooked', 'Dimension'] }],
    priceFrom: 90,
  },
  {
    festival: 'Houghton Festival',
    past: [{ year: 2019, headliners: ['Craig Richards', 'Ricardo Villalobos'], others: ['Sonja Moonear', 'Ben UFO'] }],
  },
  {
    festival: 'Decibel Open Air',
    past: [{ year: 2019, headliners: ['Sven Väth', 'Ricardo Villalobos'], others: ['Ilario Alicante', 'Loco Dice'] }],
  },
  {
    festival: 'UNTOLD',
    past: [
      {
        year: 2019,
        headliners: ['Armin van Buuren', 'Martin Garrix', 'David Guetta'],
        others: ['Afrojack', 'Steve Aoki'],
      },
    ],
    priceFrom: 119,
  },
  {
    festival: 'Mayday',
    past: [{ year: 2019, headliners: ['Westbam'], others: ['Moguai', 'Paul van Dyk'] }],
  },
  {
    festival: 'Parookaville',
    past: [{ year: 2019, headliners: ['Steve Aoki', 'Timmy Trumpet'], others: ['Alan Walker', 'Afrojack'] }],
    priceFrom: 150,
  },
  {
    festival: 'Dreambeach',
    past: [{ year: 2023, headliners: ['Steve Aoki', 'Armin van Buuren'], others: ['Timmy Trumpet', 'NERVO'] }],
    priceFrom: 60,
  },
  {
    festival: 'Medusa Festival',
    past: [{ year: 2023, headliners: ['Timmy Trumpet', 'Steve Aoki'], others: ['Hardwell', 'NERVO'] }],
    priceFrom: 65,
  },
];
