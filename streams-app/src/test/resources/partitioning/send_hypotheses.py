"""Sends a JSONL hypothesis file (one utterance per line: id, boundaries) to a segmon hypotheses
topic with confluent-kafka-python (librdkafka), as a recognizer written in Python would: one
message per boundary, then the end, keyed by utterance id.

usage: send_hypotheses.py BOOTSTRAP TOPIC HYP.jsonl MODEL PARTITIONER
PARTITIONER: "default" keeps librdkafka's default (consistent_random); anything else is set as
the producer's `partitioner`. Prints one line "key<TAB>partition" per delivered message."""
import json
import sys

from confluent_kafka import Producer

bootstrap, topic, path, model, partitioner = sys.argv[1:6]
conf = {"bootstrap.servers": bootstrap, "acks": "all", "enable.idempotence": True}
if partitioner != "default":
    conf["partitioner"] = partitioner
producer = Producer(conf)
delivered, failed = [], []


def report(err, msg):
    if err is not None:
        failed.append(str(err))
    else:
        delivered.append((msg.key().decode("utf-8"), msg.partition()))


with open(path, encoding="utf-8") as f:
    for line in f:
        if not line.strip():
            continue
        u = json.loads(line)
        for t in u["boundaries"]:
            value = {"utterance": u["id"], "model": model, "tier": "word", "time": t}
            producer.produce(topic, key=u["id"], value=json.dumps(value), on_delivery=report)
        end = {"utterance": u["id"], "model": model, "tier": "word", "end": True}
        producer.produce(topic, key=u["id"], value=json.dumps(end), on_delivery=report)
        producer.poll(0)
left = producer.flush(60)
if failed or left:
    sys.stderr.write("not delivered: %d, errors: %s\n" % (left, failed[:5]))
    sys.exit(1)
for key, partition in delivered:
    print("%s\t%d" % (key, partition))
