import sharp from "~/services/sharp.server";

/** Two-colour palettes per category, so generated pictures look like they belong together. */
const PALETTES: Array<[string, string]> = [
  ["#f97316", "#7c2d12"],
  ["#0ea5e9", "#1e3a8a"],
  ["#22c55e", "#14532d"],
  ["#e11d48", "#4c0519"],
  ["#a855f7", "#3b0764"],
  ["#eab308", "#713f12"],
  ["#14b8a6", "#134e4a"],
  ["#64748b", "#0f172a"],
];

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * A 1200×900 demo photo made locally: a gradient, a few soft shapes and a caption.
 * Nothing is downloaded.
 */
export async function renderDemoPhoto(caption: string, variant: number): Promise<Buffer> {
  const [from, to] = PALETTES[variant % PALETTES.length];
  const angle = (variant * 37) % 360;
  const circles = Array.from({ length: 5 }, (_, index) => {
    const x = (variant * 131 + index * 263) % 1200;
    const y = (variant * 71 + index * 197) % 900;
    const r = 80 + ((variant + index * 53) % 220);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#ffffff" fill-opacity="${0.06 + (index % 3) * 0.05}"/>`;
  }).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
    <defs><linearGradient id="g" gradientTransform="rotate(${angle} .5 .5)">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="1200" height="900" fill="url(#g)"/>${circles}
    <text x="600" y="470" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif"
      font-size="84" font-weight="bold" fill="#ffffff" fill-opacity="0.92">${escapeXml(caption)}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 78, mozjpeg: true }).toBuffer();
}

/** A 256×256 round-friendly logo with the business's initials. */
export async function renderDemoLogo(initials: string, variant: number): Promise<Buffer> {
  const [from, to] = PALETTES[variant % PALETTES.length];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="256" height="256" fill="url(#g)"/>
    <text x="128" y="158" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif"
      font-size="96" font-weight="bold" fill="#ffffff">${escapeXml(initials)}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}
