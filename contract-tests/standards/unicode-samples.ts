/** Text of one Unicode general category (or a family of them), as a client may send it in any string. */
export interface TextSample {
  /** The category, as Unicode names it: `Lu`, `Cf`, … */
  category: string
  what: string
  text: string
}

/**
 * Text from every general category of Unicode but `Cs` (a lone surrogate, which JSON cannot carry faithfully:
 * RFC 8259 section 8.2): letters of many scripts, marks, numbers, punctuation, symbols, separators, controls,
 * format and invisible characters, private use and unassigned code points, within the BMP and beyond it.
 * Letters, marks and numbers are what a name is made of; the others are edge values a server may refuse.
 * @example unicodeSamples.find((sample) => sample.category === 'Cf')?.text
 */
export const unicodeSamples: ReadonlyArray<TextSample> = [
  { category: 'Lu', what: 'upper-case letters', text: 'ÀÉÎ ΣΩ ДЖ' },
  { category: 'Ll', what: 'lower-case letters', text: 'àéî σως дж ß' },
  { category: 'Lt', what: 'title-case digraphs', text: 'ǅemal ǈubo ǋ' },
  { category: 'Lm', what: 'modifier letters', text: 'kʰa ʲ ー' },
  { category: 'Lo', what: 'letters of scripts without case', text: '日本語 한국어 עברית العربية ไทย' },
  { category: 'Lo', what: 'letters beyond the BMP', text: '𠀋𠀍 𐍈𐌰 𝕏𝔂' },
  { category: 'Mn', what: 'combining marks', text: 'e\u0301 a\u0308 न\u094D' },
  { category: 'Mc', what: 'spacing marks', text: 'क\u093E ক\u09BE' },
  { category: 'Me', what: 'enclosing marks', text: 'a\u20DD 1\uFE0F\u20E3' },
  { category: 'Nd', what: 'decimal digits of several scripts', text: '٠١٢ ०१२ 789' },
  { category: 'Nl', what: 'letter numbers', text: 'Ⅻ ⅻ 〇' },
  { category: 'No', what: 'other numbers', text: '½ ² ①' },
  { category: 'Pc', what: 'connector punctuation', text: 'a‿b ＿' },
  { category: 'Pd', what: 'dashes', text: 'a–b—c ゠' },
  { category: 'Ps', what: 'opening punctuation', text: '「 ⟨ ( [' },
  { category: 'Pe', what: 'closing punctuation', text: '」 ⟩ ) ]' },
  { category: 'Pi', what: 'initial quotation marks', text: '« ‘ “' },
  { category: 'Pf', what: 'final quotation marks', text: '» ’ ”' },
  { category: 'Po', what: 'other punctuation', text: '¡ ¿ ※ 。 #' },
  { category: 'Sm', what: 'mathematical symbols', text: '∑ ≠ ∞ ±' },
  { category: 'Sc', what: 'currency symbols', text: '€ ₹ ¥ ₿' },
  { category: 'Sk', what: 'modifier symbols', text: '˘ ¨ ^ `' },
  { category: 'So', what: 'other symbols and emoji', text: '© ☃ 🐕 👩‍👩‍👧' },
  { category: 'Zs', what: 'space separators other than the space', text: 'a\u00A0b\u2009c\u3000d' },
  { category: 'Zl', what: 'the line separator', text: 'a\u2028b' },
  { category: 'Zp', what: 'the paragraph separator', text: 'a\u2029b' },
  { category: 'Cc', what: 'control characters', text: 'a\u0001b\u007Fc\u0085d' },
  {
    category: 'Cf',
    what: 'format and invisible characters',
    text: 'soft\u00ADhy zero\u200Bwidth j\u200Doin \u200Frtl \uFEFFb \u2060',
  },
  { category: 'Co', what: 'private use characters', text: '\uE000\uF8FF \u{F0000}' },
  { category: 'Cn', what: 'unassigned code points and noncharacters', text: '\u0378 \uFDD0 \u{1FFFE}' },
]
