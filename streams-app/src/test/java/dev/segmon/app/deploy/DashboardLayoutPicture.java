package dev.segmon.app.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;

/**
 * Draws the committed dashboard's panel layout (Grafana's 24-column grid) as a PNG for
 * docs/operations.md, since Grafana itself cannot run here: one box per panel with its title,
 * type and its queries. Regenerated with the dashboard (SEGMON_WRITE_DASHBOARD=1, see DashboardGenerator).
 */
final class DashboardLayoutPicture {
  private static final int COLUMN = 50;
  private static final int ROW = 30;
  private static final int MARGIN = 10;

  private DashboardLayoutPicture() {}

  static BufferedImage draw(JsonNode dashboard) {
    int bottom = 0;
    for (JsonNode p : dashboard.path("panels")) bottom = Math.max(bottom, p.path("gridPos").path("y").asInt() + p.path("gridPos").path("h").asInt());
    BufferedImage image = new BufferedImage(24 * COLUMN + 2 * MARGIN, bottom * ROW + 2 * MARGIN + 30, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = image.createGraphics();
    g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    g.setColor(new Color(0x18, 0x1b, 0x1f));
    g.fillRect(0, 0, image.getWidth(), image.getHeight());
    g.setColor(Color.WHITE);
    g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
    g.drawString(dashboard.path("title").asText() + "   [datasource] [model: All] [tier: All]   annotations: ALERTS{alertstate=\"firing\"}",
        MARGIN, MARGIN + 16);
    for (JsonNode p : dashboard.path("panels")) {
      JsonNode pos = p.path("gridPos");
      int x = MARGIN + pos.path("x").asInt() * COLUMN;
      int y = MARGIN + 30 + pos.path("y").asInt() * ROW;
      int w = pos.path("w").asInt() * COLUMN - 4;
      int h = pos.path("h").asInt() * ROW - 4;
      boolean row = p.path("type").asText().equals("row");
      g.setColor(row ? new Color(0x18, 0x1b, 0x1f) : new Color(0x22, 0x25, 0x2b));
      g.fillRect(x, y, w, h);
      g.setColor(row ? new Color(0xcc, 0xcc, 0xdc) : new Color(0x5a, 0x5f, 0x6a));
      if (!row) {
        g.setStroke(new BasicStroke(1.5f));
        g.drawRect(x, y, w, h);
      }
      g.setColor(Color.WHITE);
      g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, row ? 15 : 13));
      g.drawString((row ? "v " : "") + p.path("title").asText(), x + 6, y + 18);
      if (row) continue;
      g.setFont(new Font(Font.MONOSPACED, Font.PLAIN, 11));
      g.setColor(new Color(0x8a, 0xb8, 0xff));
      g.drawString(p.path("type").asText() + ", " + p.path("targets").size() + " quer" + (p.path("targets").size() == 1 ? "y" : "ies"), x + 6, y + 36);
      g.setColor(new Color(0xb0, 0xb0, 0xb0));
      int line = y + 54;
      for (JsonNode t : p.path("targets")) {
        if (line > y + h - 6) break;
        g.drawString(fit(g.getFontMetrics(), t.path("expr").asText(), w - 12), x + 6, line);
        line += 14;
      }
    }
    g.dispose();
    return image;
  }

  private static String fit(FontMetrics fm, String text, int width) {
    if (fm.stringWidth(text) <= width) return text;
    String s = text;
    while (s.length() > 1 && fm.stringWidth(s + "...") > width) s = s.substring(0, s.length() - 1);
    return s + "...";
  }

  public static void main(String[] args) throws IOException {
    System.setProperty("java.awt.headless", "true");
    Path out = RepoFiles.root().resolve(args.length > 0 ? args[0] : "docs/images/dashboard-layout.png");
    Files.createDirectories(out.getParent());
    ImageIO.write(draw(DashboardTest.committed()), "png", out.toFile());
    System.out.println("wrote " + out);
  }
}
