/** What LaTeX's commands in an abstract stand for: symbols, scripts, accents, and commands said or dropped. */

/** Each character of `from` → the character at its place in `to`. */
function byPlace(from: string, to: string): Map<string, string> {
  const targets = [...to];
  return new Map([...from].map((c, at) => [c, targets[at] ?? c]));
}

/** "name value name value …" → name → value. */
export function pairsOf(text: string): Map<string, string> {
  const words = text.trim().split(/\s+/);
  return new Map(words.flatMap((name, at) => (at % 2 === 0 ? [[name, words[at + 1] ?? ""] as const] : [])));
}

const wordsOf = (text: string): Set<string> => new Set(text.trim().split(/\s+/));

export const SUPERSCRIPTS = byPlace("0123456789+-−=()niT*′∗", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻⁼⁽⁾ⁿⁱᵀ*′∗");
export const SUBSCRIPTS = byPlace("0123456789+-−=()aeoxhklmnpstijruv", "₀₁₂₃₄₅₆₇₈₉₊₋₋₌₍₎ₐₑₒₓₕₖₗₘₙₚₛₜᵢⱼᵣᵤᵥ");

export const SYMBOLS = pairsOf(`
  times × cdot · pm ± mp ∓ div ÷ leq ≤ le ≤ geq ≥ ge ≥ neq ≠ ne ≠ approx ≈ sim ∼ simeq ≃ equiv ≡ propto ∝
  infty ∞ rightarrow → to → leftarrow ← gets ← Rightarrow ⇒ Leftarrow ⇐ leftrightarrow ↔ mapsto ↦ uparrow ↑
  downarrow ↓ in ∈ notin ∉ subset ⊂ subseteq ⊆ cup ∪ cap ∩ forall ∀ exists ∃ partial ∂ nabla ∇ sum ∑ prod ∏
  int ∫ ldots … dots … cdots ⋯ circ ∘ degree ° ast ∗ star ⋆ prime ′ lvert | rvert | vert | mid | langle ⟨
  rangle ⟩ lfloor ⌊ rfloor ⌋ lceil ⌈ rceil ⌉ checkmark ✓ dagger † ddagger ‡ S § textasciitilde ~ textbar |
  textbullet • textdegree ° texttrademark ™ textregistered ® copyright © textquoteright ’ textquoteleft ‘
  textendash – textemdash — texttimes × textpm ± textmu µ textless < textgreater > textbackslash \\
  textquotedblleft “ textquotedblright ” textquotesingle ' guillemotleft « guillemotright » guillemetleft «
  guillemetright » textellipsis … textsection § textparagraph ¶ texteuro € euro € pounds £ textsterling £
  textexclamdown ¡ textquestiondown ¿ textperiodcentered · textasciicircum ^ textunderscore _ ell ℓ hbar ħ
  LaTeX LaTeX TeX TeX alpha α beta β gamma γ delta δ epsilon ε varepsilon ε zeta ζ eta η theta θ vartheta ϑ
  iota ι kappa κ lambda λ mu μ nu ν xi ξ pi π rho ρ sigma σ tau τ upsilon υ phi φ varphi φ chi χ psi ψ omega ω
  Gamma Γ Delta Δ Theta Θ Lambda Λ Xi Ξ Pi Π Sigma Σ Upsilon Υ Phi Φ Psi Ψ Omega Ω
`);

/** Commands that only style or size their content, or space it out: they vanish. */
export const SILENT = wordsOf(`
  left right big Big bigg Bigg bigl bigr Bigl Bigr displaystyle textstyle limits nolimits quad qquad noindent
  centering small footnotesize large Large normalsize bf it em rm tt sf sc
`);

export const FUNCTIONS = wordsOf("log ln exp max min arg argmax argmin sin cos tan lim sup inf det Pr mod");

/** Commands whose braced argument is kept as plain text. */
export const WRAPPERS =
  "textbf|textit|textsl|textsc|textsf|texttt|textrm|textmd|textup|textnormal|emph|underline|uline|mbox|hbox|text|mathrm|mathbf|mathit|mathsf|mathtt|mathcal|mathbb|mathfrak|mathscr|boldsymbol|bm|operatorname|url|textsuperscript|textsubscript|footnote|hat|bar|tilde|vec|widehat|widetilde|overline";

/** Letters LaTeX writes as commands of their own ("{\\O}stergaard", "Gro{\\ss}"). */
export const LETTER_COMMANDS = pairsOf(
  "ss ß ae æ AE Æ oe œ OE Œ aa å AA Å th þ TH Þ dh ð DH Ð dj đ DJ Đ ng ŋ NG Ŋ o ø O Ø l ł L Ł i ı j ȷ",
);

/** The combining marks of LaTeX's accent commands. */
export const COMBINING = byPlace(
  "`'^~=u.\"rHvckdb",
  "\u0300\u0301\u0302\u0303\u0304\u0306\u0307\u0308\u030A\u030B\u030C\u0327\u0328\u0323\u0331",
);

/**
 * The AAS journal macros NASA ADS exports use (aas_macros.sty), as the journals abbreviate themselves: `\apj` → ApJ.
 * Their long names are left to the abbreviation: astronomers write and search "ApJ", "MNRAS", "A&A".
 */
export const JOURNAL_MACROS = new Map(
  `aj AJ|actaa Acta Astron.|araa ARA&A|apj ApJ|apjl ApJL|apjs ApJS|ao Appl. Opt.|apss Ap&SS|aap A&A|aapr A&A Rev.|
  aaps A&AS|azh AZh|baas BAAS|bac Bull. Astron. Inst. Czechoslovakia|caa Chinese Astron. Astrophys.|
  cjaa Chinese J. Astron. Astrophys.|icarus Icarus|jcap JCAP|jrasc JRASC|memras MmRAS|mnras MNRAS|na New A|
  nar New A Rev.|pra Phys. Rev. A|prb Phys. Rev. B|prc Phys. Rev. C|prd Phys. Rev. D|pre Phys. Rev. E|
  prl Phys. Rev. Lett.|pasa PASA|pasp PASP|pasj PASJ|rmxaa Rev. Mexicana Astron. Astrofis.|qjras QJRAS|
  skytel S&T|solphys Sol. Phys.|sovast Soviet Ast.|ssr Space Sci. Rev.|zap ZAp|nat Nature|iaucirc IAU Circ.|
  aplett Astrophys. Lett.|apspr Astrophys. Space Phys. Res.|bain Bull. Astron. Inst. Netherlands|
  fcp Fund. Cosmic Phys.|gca Geochim. Cosmochim. Acta|grl Geophys. Res. Lett.|jcp J. Chem. Phys.|
  jgr J. Geophys. Res.|jqsrt JQSRT|memsai Mem. Soc. Astron. Italiana|nphysa Nucl. Phys. A|physrep Phys. Rep.|
  physscr Phys. Scr|planss Planet. Space Sci.|procspie Proc. SPIE|psj PSJ|aas AAS Meeting Abstracts`
    .split("|")
    .map((pair): [string, string] => {
      const [macro = "", ...name] = pair.trim().split(" ");
      return [macro, name.join(" ")];
    }),
);
