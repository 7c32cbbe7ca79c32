import sharp from "~/services/sharp.server";

/**
 * The pictures some seeded templates come with: festive scenes drawn as SVG and rendered by sharp
 * with the product's fonts (Yatra One for the greeting), so nothing is downloaded and every
 * installation draws the same ones. 1200×900 JPEG, the shape of the feed's photos.
 */
const WIDTH = 1200;
const HEIGHT = 900;
const DISPLAY_FONT = "'Yatra One', 'Noto Serif Devanagari', Georgia, serif";
const TEXT_FONT = "'Noto Sans Devanagari', 'Noto Sans', Arial, sans-serif";

type Scene = {
  /** Top and bottom colours of the background. */
  sky: [string, string];
  greeting: string;
  subtitle: string;
  ink: string;
  /** Where the greeting's baseline sits. */
  greetingY: number;
  art: () => string;
};

const range = (count: number) => Array.from({ length: count }, (_, index) => index);

/** Points spread over the picture the same way every time (no randomness, so re-renders match). */
function scatter(count: number, seed: number, draw: (x: number, y: number, index: number) => string): string {
  return range(count)
    .map((index) => draw((seed * 97 + index * 389) % WIDTH, (seed * 61 + index * 233) % HEIGHT, index))
    .join("");
}

function sparkle(x: number, y: number, size: number, colour: string): string {
  const s = size;
  return `<path d="M${x} ${y - s} L${x + s * 0.25} ${y - s * 0.25} L${x + s} ${y} L${x + s * 0.25} ${y + s * 0.25} L${x} ${y + s} L${x - s * 0.25} ${y + s * 0.25} L${x - s} ${y} L${x - s * 0.25} ${y - s * 0.25} Z" fill="${colour}"/>`;
}

function diya(x: number, y: number): string {
  return `<g transform="translate(${x} ${y})">
    <ellipse cx="0" cy="-38" rx="26" ry="48" fill="url(#glow)"/>
    <path d="M0 -78 C14 -52 16 -30 0 -18 C-16 -30 -14 -52 0 -78 Z" fill="#ffd54f"/>
    <path d="M0 -58 C6 -44 7 -32 0 -24 C-7 -32 -6 -44 0 -58 Z" fill="#ff8f00"/>
    <path d="M-78 -14 Q0 -4 78 -14 Q66 40 0 44 Q-66 40 -78 -14 Z" fill="#b5482a"/>
    <path d="M-70 -10 Q0 0 70 -10" stroke="#ffcc80" stroke-width="6" fill="none"/>
    <circle cx="-34" cy="16" r="6" fill="#ffcc80"/><circle cx="0" cy="22" r="6" fill="#ffcc80"/><circle cx="34" cy="16" r="6" fill="#ffcc80"/>
  </g>`;
}

function burst(x: number, y: number, radius: number, colour: string): string {
  const rays = range(16)
    .map((index) => {
      const angle = (index / 16) * Math.PI * 2;
      const [x1, y1] = [x + Math.cos(angle) * radius * 0.25, y + Math.sin(angle) * radius * 0.25];
      const [x2, y2] = [x + Math.cos(angle) * radius, y + Math.sin(angle) * radius];
      return `<line x1="${x1.toFixed(1)}" y1="${y1.toFixed(1)}" x2="${x2.toFixed(1)}" y2="${y2.toFixed(1)}" stroke="${colour}" stroke-width="6" stroke-linecap="round"/><circle cx="${x2.toFixed(1)}" cy="${y2.toFixed(1)}" r="7" fill="${colour}"/>`;
    })
    .join("");
  return `<g opacity="0.9">${rays}</g>`;
}

/** A ring of petals around a centre: the pookalam's and the rangoli's building block. */
function petalRing(cx: number, cy: number, radius: number, count: number, length: number, colour: string, turn = 0): string {
  return range(count)
    .map((index) => {
      const angle = (index / count) * 360 + turn;
      return `<ellipse cx="${cx}" cy="${cy - radius}" rx="${(length * 0.42).toFixed(1)}" ry="${length}" fill="${colour}" transform="rotate(${angle.toFixed(1)} ${cx} ${cy})"/>`;
    })
    .join("");
}

function lantern(x: number, length: number): string {
  return `<g transform="translate(${x} 0)">
    <line x1="0" y1="0" x2="0" y2="${length}" stroke="#f9d976" stroke-width="3"/>
    <path d="M-30 ${length + 14} L30 ${length + 14} L22 ${length + 100} L-22 ${length + 100} Z" fill="#f9a825" stroke="#fff3c4" stroke-width="3"/>
    <rect x="-34" y="${length}" width="68" height="16" rx="6" fill="#f9d976"/>
    <rect x="-26" y="${length + 98}" width="52" height="12" rx="5" fill="#f9d976"/>
    <ellipse cx="0" cy="${length + 56}" rx="12" ry="22" fill="#fff8e1" opacity="0.9"/>
  </g>`;
}

function chakra(cx: number, cy: number, radius: number): string {
  const spokes = range(24)
    .map((index) => {
      const angle = (index / 24) * Math.PI * 2;
      return `<line x1="${cx}" y1="${cy}" x2="${(cx + Math.cos(angle) * radius).toFixed(1)}" y2="${(cy + Math.sin(angle) * radius).toFixed(1)}" stroke="#1a237e" stroke-width="4"/>`;
    })
    .join("");
  return `<circle cx="${cx}" cy="${cy}" r="${radius}" fill="none" stroke="#1a237e" stroke-width="8"/>${spokes}<circle cx="${cx}" cy="${cy}" r="14" fill="#1a237e"/>`;
}

const SCENES = {
  diwali: {
    sky: ["#2a0845", "#6d1b3b"],
    greeting: "Happy Diwali",
    subtitle: "Shubh Deepavali",
    ink: "#ffd54f",
    greetingY: 330,
    art: () =>
      scatter(22, 3, (x, y, index) =>
        y < 200 || (y > 430 && y < 560) ? sparkle(x, y, 8 + (index % 4) * 5, index % 2 ? "#ffe082" : "#ffffff") : "",
      ) +
      range(5)
        .map((index) => diya(200 + index * 200, 760 - (index % 2) * 30))
        .join(""),
  },
  holi: {
    sky: ["#fff8f0", "#ffe9f3"],
    greeting: "Happy Holi",
    subtitle: "Bura na mano, Holi hai!",
    ink: "#6a1b9a",
    greetingY: 470,
    art: () =>
      [
        [180, 180, 210, "#ec407a"],
        [1010, 170, 190, "#fdd835"],
        [1060, 720, 230, "#43a047"],
        [150, 740, 220, "#1e88e5"],
        [600, 820, 160, "#ff7043"],
        [640, 90, 120, "#ab47bc"],
      ]
        .map(([x, y, r, colour]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${colour}" opacity="0.75" filter="url(#soft)"/>`)
        .join("") +
      scatter(60, 7, (x, y, index) =>
        y > 330 && y < 590
          ? ""
          : `<circle cx="${x}" cy="${y}" r="${4 + (index % 5) * 3}" fill="${["#ec407a", "#fdd835", "#43a047", "#1e88e5", "#ab47bc"][index % 5]}" opacity="0.8"/>`,
      ),
  },
  eid: {
    sky: ["#00363a", "#00695c"],
    greeting: "Eid Mubarak",
    subtitle: "Peace, joy and togetherness",
    ink: "#f9d976",
    greetingY: 700,
    art: () =>
      `<mask id="moon"><rect width="${WIDTH}" height="${HEIGHT}" fill="#fff"/><circle cx="655" cy="270" r="150" fill="#000"/></mask>
       <circle cx="600" cy="300" r="170" fill="#f9d976" mask="url(#moon)"/>` +
      sparkle(790, 250, 34, "#f9d976") +
      scatter(30, 11, (x, y, index) =>
        y < 520 ? `<circle cx="${x}" cy="${y}" r="${2 + (index % 3)}" fill="#ffffff" opacity="0.8"/>` : "",
      ) +
      lantern(170, 150) +
      lantern(310, 60) +
      lantern(1030, 150) +
      lantern(890, 60),
  },
  pongal: {
    sky: ["#fff3c4", "#ffb74d"],
    greeting: "Happy Pongal",
    subtitle: "Thai Pongal · Makar Sankranti",
    ink: "#7a2e0e",
    greetingY: 200,
    art: () =>
      `<circle cx="600" cy="900" r="330" fill="#ffca28"/>` +
      range(18)
        .map((index) => {
          const angle = Math.PI + (index / 17) * Math.PI;
          return `<line x1="${(600 + Math.cos(angle) * 360).toFixed(1)}" y1="${(900 + Math.sin(angle) * 360).toFixed(1)}" x2="${(600 + Math.cos(angle) * 470).toFixed(1)}" y2="${(900 + Math.sin(angle) * 470).toFixed(1)}" stroke="#ffa000" stroke-width="12" stroke-linecap="round"/>`;
        })
        .join("") +
      [250, 290, 910, 950]
        .map(
          (x, index) =>
            `<rect x="${x}" y="${330 + (index % 2) * 30}" width="22" height="540" rx="8" fill="#558b2f"/>` +
            range(6)
              .map((joint) => `<rect x="${x - 2}" y="${400 + (index % 2) * 30 + joint * 80}" width="26" height="8" fill="#33691e"/>`)
              .join(""),
        )
        .join("") +
      `<path d="M470 560 Q600 500 730 560 Q760 700 700 800 L500 800 Q440 700 470 560 Z" fill="#a1502c"/>
       <path d="M470 560 Q600 520 730 560" stroke="#ffd54f" stroke-width="14" fill="none"/>
       <path d="M480 560 Q500 470 560 500 Q600 440 640 500 Q700 470 720 560 Z" fill="#fffdf5"/>
       <circle cx="600" cy="680" r="26" fill="#ffd54f"/><circle cx="600" cy="680" r="12" fill="#e53935"/>`,
  },
  onam: {
    sky: ["#f1f8e9", "#dcedc8"],
    greeting: "Happy Onam",
    subtitle: "Onashamsakal",
    ink: "#1b5e20",
    greetingY: 800,
    art: () =>
      `<circle cx="600" cy="370" r="330" fill="#2e7d32"/>` +
      petalRing(600, 370, 270, 36, 52, "#ffeb3b") +
      `<circle cx="600" cy="370" r="250" fill="#ff9800"/>` +
      petalRing(600, 370, 200, 28, 44, "#d84315", 6) +
      `<circle cx="600" cy="370" r="180" fill="#fff9c4"/>` +
      petalRing(600, 370, 130, 20, 40, "#c2185b") +
      `<circle cx="600" cy="370" r="100" fill="#ffeb3b"/>` +
      petalRing(600, 370, 55, 12, 30, "#ffffff", 15) +
      `<circle cx="600" cy="370" r="26" fill="#e65100"/>`,
  },
  christmas: {
    sky: ["#0d2b45", "#8e1b1b"],
    greeting: "Merry Christmas",
    subtitle: "Season's greetings",
    ink: "#ffffff",
    greetingY: 790,
    art: () =>
      scatter(70, 5, (x, y, index) => `<circle cx="${x}" cy="${y}" r="${2 + (index % 4)}" fill="#ffffff" opacity="0.85"/>`) +
      `<rect x="570" y="600" width="60" height="90" fill="#5d4037"/>
       <path d="M600 130 L820 420 L730 420 L880 620 L320 620 L470 420 L380 420 Z" fill="#2e7d32"/>
       <path d="M420 470 Q600 540 780 470" stroke="#ffd54f" stroke-width="8" fill="none"/>
       <path d="M380 590 Q600 660 820 590" stroke="#ffd54f" stroke-width="8" fill="none"/>` +
      [
        [520, 360, "#e53935"],
        [680, 390, "#ffd54f"],
        [470, 520, "#42a5f5"],
        [620, 500, "#e53935"],
        [760, 540, "#ffd54f"],
        [560, 590, "#ffffff"],
      ]
        .map(([x, y, colour]) => `<circle cx="${x}" cy="${y}" r="16" fill="${colour}"/>`)
        .join("") +
      sparkle(600, 120, 46, "#ffd54f"),
  },
  independence: {
    sky: ["#ffffff", "#ffffff"],
    greeting: "Happy Independence Day",
    subtitle: "Jai Hind",
    ink: "#1a237e",
    greetingY: 630,
    art: () =>
      `<path d="M0 0 H${WIDTH} V150 Q600 230 0 150 Z" fill="#ff9933"/>
       <path d="M0 ${HEIGHT} H${WIDTH} V${HEIGHT - 150} Q600 ${HEIGHT - 190} 0 ${HEIGHT - 150} Z" fill="#138808"/>` + chakra(600, 380, 140),
  },
  opening: {
    sky: ["#4a148c", "#880e4f"],
    greeting: "Grand Opening",
    subtitle: "Now open in your neighbourhood",
    ink: "#ffffff",
    greetingY: 300,
    art: () =>
      scatter(80, 13, (x, y, index) =>
        (y < 180 || y > 360) && (y < 560 || y > 760)
          ? `<rect x="${x}" y="${y}" width="14" height="26" rx="3" fill="${["#ffd54f", "#4fc3f7", "#f06292", "#aed581"][index % 4]}" transform="rotate(${(index * 37) % 180} ${x} ${y})"/>`
          : "",
      ) +
      `<rect x="0" y="600" width="${WIDTH}" height="90" fill="#e53935"/>
       <rect x="0" y="612" width="${WIDTH}" height="10" fill="#ffcdd2" opacity="0.6"/>
       <path d="M600 645 L470 560 Q440 645 470 730 Z" fill="#c62828"/>
       <path d="M600 645 L730 560 Q760 645 730 730 Z" fill="#c62828"/>
       <path d="M600 645 L540 820 L580 800 L600 840 Z" fill="#b71c1c"/>
       <path d="M600 645 L660 820 L620 800 L600 840 Z" fill="#b71c1c"/>
       <circle cx="600" cy="645" r="42" fill="#ef5350"/>`,
  },
  "new-year": {
    sky: ["#0b1026", "#2c1a5c"],
    greeting: "Happy New Year",
    subtitle: "New beginnings, same friendly faces",
    ink: "#ffe082",
    greetingY: 700,
    art: () =>
      scatter(40, 17, (x, y, index) => `<circle cx="${x}" cy="${y}" r="${1 + (index % 3)}" fill="#ffffff" opacity="0.7"/>`) +
      burst(260, 240, 150, "#ff4081") +
      burst(620, 170, 120, "#ffd740") +
      burst(960, 280, 160, "#40c4ff") +
      burst(420, 440, 90, "#69f0ae"),
  },
} satisfies Record<string, Scene>;

export type TemplateImageName = keyof typeof SCENES;
export const TEMPLATE_IMAGE_NAMES = Object.keys(SCENES) as TemplateImageName[];

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/'/g, "&#39;");

/** The SVG of one scene: its art, then the greeting and the line under it. */
export function templateImageSvg(name: TemplateImageName): string {
  const scene: Scene = SCENES[name];
  const [top, bottom] = scene.sky;
  const size = scene.greeting.length > 16 ? 88 : 124;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>
    <radialGradient id="glow"><stop offset="0" stop-color="#ffe082" stop-opacity="0.9"/><stop offset="1" stop-color="#ffe082" stop-opacity="0"/></radialGradient>
    <filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="28"/></filter>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
  ${scene.art()}
  <text x="600" y="${scene.greetingY}" text-anchor="middle" font-family="${DISPLAY_FONT}" font-size="${size}" fill="${scene.ink}">${escapeXml(scene.greeting)}</text>
  <text x="600" y="${scene.greetingY + Math.round(size * 0.62)}" text-anchor="middle" font-family="${TEXT_FONT}" font-size="40" fill="${scene.ink}" opacity="0.9">${escapeXml(scene.subtitle)}</text>
</svg>`;
}

/** One scene as the JPEG a template carries. */
export async function renderTemplateImage(name: TemplateImageName): Promise<Buffer> {
  return sharp(Buffer.from(templateImageSvg(name)))
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
}
