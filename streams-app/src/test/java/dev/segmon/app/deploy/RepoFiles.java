package dev.segmon.app.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The repository's deployment files as the tests see them (Maven runs tests in streams-app/). */
final class RepoFiles {
  static final ObjectMapper YAML = new YAMLMapper(new YAMLFactory());
  static final ObjectMapper JSON = JsonMapper.builder().build();

  private RepoFiles() {}

  /** The repository root: the first directory upwards holding both modules. */
  static Path root() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null) {
      if (Files.isDirectory(dir.resolve("model")) && Files.isDirectory(dir.resolve("streams-app"))) {
        return dir;
      }
      dir = dir.getParent();
    }
    throw new IllegalStateException("repository root not found above " + Path.of("").toAbsolutePath());
  }

  static Path path(String relative) {
    return root().resolve(relative);
  }

  /** Every YAML document in the file (Kubernetes manifests hold several, separated by ---). */
  static List<JsonNode> yamlDocuments(Path file) {
    try (var parser = YAML.getFactory().createParser(file.toFile())) {
      List<JsonNode> docs = new ArrayList<>();
      var it = YAML.readValues(parser, JsonNode.class);
      while (it.hasNext()) {
        JsonNode doc = it.next();
        if (doc != null && !doc.isNull() && !doc.isMissingNode()) docs.add(doc);
      }
      return docs;
    } catch (IOException e) {
      throw new UncheckedIOException(file + ": " + e.getMessage(), e);
    }
  }

  static JsonNode yaml(Path file) {
    List<JsonNode> docs = yamlDocuments(file);
    if (docs.size() != 1) throw new IllegalStateException(file + ": expected one YAML document, found " + docs.size());
    return docs.get(0);
  }

  /** Files directly in {@code dir} whose names end with {@code suffix}, sorted. */
  static List<Path> list(Path dir, String suffix) {
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(p -> p.getFileName().toString().endsWith(suffix)).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
