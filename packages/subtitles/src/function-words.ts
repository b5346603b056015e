/**
 * The words of a spaced language that bind to their neighbours, for keeping phrases on one
 * line and in one cue (see phraseBreakCost): words that lead into the next ones
 * (articles, prepositions, conjunctions, possessives, auxiliaries), subject pronouns, fixed
 * pairs; and the conjunctions a new line may well begin with. Lower case; add a language by
 * adding a row to BY_LANGUAGE.
 */
export interface FunctionWords {
  /** Words that must not end a line: they would dangle without the words they introduce. */
  leading: ReadonlySet<string>;
  /** Conjunctions and relatives: a line starting with one starts a clause. */
  clauseStarts: ReadonlySet<string>;
  /** Subject pronouns: a line should not end on one before its verb ("that he / would"). */
  subjects: ReadonlySet<string>;
  /** Word pairs that read as one ("more than", "such as"), as "first second". */
  pairs: ReadonlySet<string>;
  /** Whether capitalised word pairs are names to keep together (not so in German). */
  capitalisedNames: boolean;
}

const words = (list: string): ReadonlySet<string> => new Set(list.split(/\s+/u).filter(Boolean));
const pairs = (list: string): ReadonlySet<string> =>
  new Set(list.split(",").map((pair) => pair.trim().replace(/\s+/gu, " ")));

const ENGLISH: FunctionWords = {
  leading: words(`
    a an the this these those some any each every no
    of to in on at for with from by about into onto over under through between among after
    before during without within upon toward towards against across around behind beyond via
    per than as inside outside near along beside despite except throughout unlike
    and or but nor so because although though while if unless until when where whether that
    which who whom whose what how why
    my your his her its our their
    is are was were be been being am will would can could shall should may might must do does
    did has have had
    mr. mrs. ms. dr. prof. st.`),
  clauseStarts: words(`and but or nor so yet because although though while whereas if unless
    until when where whether which who what how why that than then since once`),
  subjects: words("i you he she it we they"),
  pairs: pairs(`more than, less than, rather than, other than, such as, so that, even though,
    even if, as well, each other, one another, kind of, sort of, at least, at all, of course`),
  capitalisedNames: true,
};

const FRENCH: FunctionWords = {
  leading: words(`le la les un une des du de au aux à en dans sur sous avec pour par chez entre
    sans vers et ou mais que qui dont mon ma mes ton ta tes son sa ses notre nos votre vos leur
    leurs ce cet cette ces est sont était`),
  clauseStarts: words("et ou mais donc car que qui quand si parce lorsque"),
  subjects: words("je tu il elle on nous vous ils elles"),
  pairs: pairs("plus que, moins que, parce que, bien que, tandis que, afin que"),
  capitalisedNames: true,
};

const GERMAN: FunctionWords = {
  leading: words(`der die das den dem des ein eine einen einem einer eines mit von zu zum zur
    bei nach aus für auf an am im in um über unter vor durch gegen ohne und oder aber dass mein
    meine dein deine sein seine ihr ihre unser unsere ist sind war waren wird werden hat haben`),
  clauseStarts: words("und oder aber denn weil dass wenn als ob während obwohl"),
  subjects: words("ich du er sie es wir"),
  pairs: pairs("mehr als, weniger als, so dass, zum beispiel"),
  capitalisedNames: false,
};

const SPANISH: FunctionWords = {
  leading: words(`el la los las un una unos unas de del al a en con por para sin sobre entre
    hacia desde y e o u pero que mi mis tu tus su sus nuestro nuestra es son era fue ha han`),
  clauseStarts: words("y e o u pero porque que cuando si aunque mientras"),
  subjects: words("yo tú él ella nosotros nosotras vosotros ellos ellas usted ustedes"),
  pairs: pairs("más que, menos que, sin embargo, por ejemplo, a pesar"),
  capitalisedNames: true,
};

const PORTUGUESE: FunctionWords = {
  leading: words(`o a os as um uma uns umas de do da dos das em no na nos nas ao aos à às com
    por pelo pela para sem sobre entre e ou mas que meu minha seu sua é são era foi`),
  clauseStarts: words("e ou mas porque que quando se embora enquanto"),
  subjects: words("eu tu ele ela nós vós eles elas você vocês"),
  pairs: pairs("mais que, menos que, por exemplo, no entanto"),
  capitalisedNames: true,
};

const ITALIAN: FunctionWords = {
  leading: words(`il lo la i gli le un uno una di del della dei degli delle a al alla da dal
    in nel nella con su sul per tra fra e o ma che mio mia suo sua è sono era`),
  clauseStarts: words("e o ma perché che quando se mentre sebbene"),
  subjects: words("io tu lui lei noi voi loro"),
  pairs: pairs("più che, meno che, per esempio, invece di"),
  capitalisedNames: true,
};

const BY_LANGUAGE: Readonly<Record<string, FunctionWords>> = {
  en: ENGLISH,
  fr: FRENCH,
  de: GERMAN,
  es: SPANISH,
  pt: PORTUGUESE,
  it: ITALIAN,
};

/** The function-word table for a language code ("fr", "pt-BR"); English when unknown. */
export function functionWordsFor(language: string | null | undefined): FunctionWords {
  return BY_LANGUAGE[baseLanguage(language)] ?? ENGLISH;
}

/** The base of a language code in lower case: "zh-TW" and "zh_TW" give "zh". */
export function baseLanguage(language: string | null | undefined): string {
  return language?.toLowerCase().split(/[-_]/u)[0] ?? "";
}

// Units and magnitudes a number must stay with ("15 km", "3 million", "10 %").
export const NUMBER_UNITS = words(`% ‰ °c °f ° percent per cent million millions billion
  billions trillion thousand thousands hundred hundreds dozen km m cm mm kg g mg lb lbs oz mph
  km/h kph kilometres kilometers kilometre kilometer miles mile metres meters metre meter feet
  ft foot inches inch degrees dollars dollar euros euro pounds pound yen yuan am pm a.m. p.m.
  millionen milliarden prozent millones mil milhões milioni mila`);

/** Chinese and Japanese words that bind to their neighbours (words as Intl.Segmenter finds them). */
export const CJK_WORDS = {
  /** Prepositions, conjunctions, demonstratives: they lead into what follows. */
  leading: words(
    "对 對 在 和 与 與 跟 把 被 从 從 向 给 給 为 為 及 或 而 但 比 将 將 让 讓 由 于 於 以 同 并 並 " +
      "这 這 那 这个 這個 那个 那個 一个 一個 因为 因為 所以 但是 如果 虽然 雖然 而且 或者 以及 " +
      "关于 關於 通过 通過 根据 根據 この その あの どの",
  ),
  /** Particles and suffixes that attach to the word before: a line should not start with one. */
  trailing: words("的 了 吗 嗎 呢 吧 啊 呀 着 著 过 過 们 們 地 得 么 麼 嘛 啦 哦 喔"),
  /** Characters marking a word as grammatical rather than part of a compound noun or verb. */
  grammarChars: new Set(Array.from("的了是在和与與对對把被也都就还還又很不没沒")),
  /** Conjunctions a line may well start with. */
  clauseStarts: words(
    "但是 可是 不过 不過 所以 因为 因為 如果 而且 然后 然後 并且 並且 或者 しかし でも だから そして",
  ),
} as const;
