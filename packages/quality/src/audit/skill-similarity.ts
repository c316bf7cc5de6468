import type { ScannedSkill } from "./scan-skills";

export interface SimilarPair {
  skill_a: string;
  skill_b: string;
  /** Jaccard similarity of the two word sets, 0..1, two decimals. */
  score: number;
  desc_a: string;
  desc_b: string;
}

// Words that carry no topic: without them two unrelated skills would share "the", "use", "when".
const STOP_WORDS = new Set(
  (
    "a an and are as at be been but by can do does for from has have how if in into is it its may more most must no not of on or our " +
    "should so such than that the their them then there these they this those to use used uses using via was we were what when where which " +
    "while who will with without you your skill skills"
  ).split(" "),
);

/** The lower-cased content words of a text (stop words and one-letter words removed). */
export function contentWords(text: string): Set<string> {
  const words = new Set<string>();
  for (const word of text.toLowerCase().split(/[^a-z0-9]+/)) if (word.length > 1 && !STOP_WORDS.has(word)) words.add(word);
  return words;
}

export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  return shared / (a.size + b.size - shared);
}

/** Pairs of described skills whose description+body words overlap by at least `threshold`, highest first, then by name. */
export function similarPairs(skills: readonly ScannedSkill[], threshold = 0.3): SimilarPair[] {
  const described = skills.filter((skill) => skill.description);
  const words = described.map((skill) => contentWords(`${skill.description} ${skill.body}`));
  const pairs: SimilarPair[] = [];
  for (let i = 0; i < described.length; i++)
    for (let j = i + 1; j < described.length; j++) {
      const score = Math.round(jaccard(words[i]!, words[j]!) * 100) / 100;
      if (score >= threshold)
        pairs.push({ skill_a: described[i]!.name, skill_b: described[j]!.name, score, desc_a: described[i]!.description!, desc_b: described[j]!.description! });
    }
  return pairs.sort((x, y) => y.score - x.score || (x.skill_a < y.skill_a ? -1 : x.skill_a > y.skill_a ? 1 : x.skill_b < y.skill_b ? -1 : 1));
}
