import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

import sharp from "sharp";

import { config } from "~/config.server";

/**
 * sharp, with the product's fonts: text in an SVG (business cards, demo pictures) is drawn by
 * librsvg through fontconfig, which finds its fonts by the file FONTCONFIG_FILE names when the
 * first text is drawn. So every module draws through this one, which names a configuration with
 * the fonts the product ships (Noto Sans and Noto Serif Devanagari, which also carry Latin, and
 * Yatra One), and the machine's own fonts after them. A server without any fonts installed still
 * draws Hindi and English alike.
 */
const FONT_FOLDERS: [packageName: string, folders: string[]][] = [
  ["@expo-google-fonts/noto-sans-devanagari", ["400Regular", "700Bold"]],
  ["@expo-google-fonts/noto-serif-devanagari", ["400Regular", "700Bold"]],
  ["@expo-google-fonts/yatra-one", ["."]],
];

function useProductFonts() {
  const require = createRequire(import.meta.url);
  const folders = FONT_FOLDERS.flatMap(([name, subfolders]) => {
    const root = path.dirname(require.resolve(`${name}/package.json`));
    return subfolders.map((folder) => path.join(root, folder));
  });
  const cacheDir = path.resolve(config.DATA_DIR, "cache", "fonts");
  const file = path.join(cacheDir, "fonts.conf");
  const contents = [
    `<?xml version="1.0"?>`,
    `<!DOCTYPE fontconfig SYSTEM "fonts.dtd">`,
    `<fontconfig>`,
    ...folders.map((folder) => `  <dir>${folder}</dir>`),
    `  <cachedir>${cacheDir}</cachedir>`,
    `  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>`,
    `</fontconfig>`,
    ``,
  ].join("\n");
  let current: string | null = null;
  try {
    current = readFileSync(file, "utf8");
  } catch {
    // Not written yet.
  }
  if (current !== contents) {
    mkdirSync(cacheDir, { recursive: true });
    // Written beside it and renamed into place: another process starting alongside (WEB_CONCURRENCY) never reads half of it.
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, contents);
    renameSync(partial, file);
  }
  process.env.FONTCONFIG_FILE = file;
}

useProductFonts();

export default sharp;
