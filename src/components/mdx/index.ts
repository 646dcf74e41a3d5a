/**
 * The components the article's MDX can use without importing them, passed to <Content components>.
 * To plug in new components (e.g. the cost tables), add them here.
 *
 * Figures:  <Fig name="B.p50Us" digits={0} unit={false} />   value with unit
 *           <Ratio name="ratio.DoverB.p50" />                 "3.2×"
 *           <Count name="E.retry.duplicates.total" noun="duplicate" />
 * Words:    <RatioWord name="ratio.CoverB.p50" />             "about 35% more than"
 *           <Relation name="ratio.DoverB.p50" to="D.hops" />  "above" | "close to" | "below"
 *           <Word name="chainVsHopSum" />                     a word picked by a function of src/prose/words.ts
 *           <Form of="backoffUnkeyedDuplicates" is="zero">…</Form>  one form per outcome (src/prose/forms.ts)
 * Claims:   <Claim name="keyNeitherFailsNorDuplicates">…</Claim>  predicate in src/prose/claims.ts
 * Quotes:   <Quote cite="URL">…</Quote>  a quotation of content/quotations.md, its marks as text (not <q>)
 * Setup:   <Env part="cpu" | "cores" | "ram" | "os" | "node" | "date" />
 *           <ReferenceSetup />  the labelled reference run's machine, OS, Node and date
 * Blocks:   <SetupLine />, <LatencyTable />, <FailureTable />, <BenchOutput />, <BenchSource />,
 *           <ResultsLink />, <CostTables />, <AvailabilityTable />, <AvailabilityCalculator />
 * Charts:   <LatencyPercentilesChart />, <LatencyDistributionChart />, <FailureRunsChart />, <CostGrowthChart />
 * Provenance: <ReferenceComparison />  this build against the labelled reference run, as ratios to B
 *           <RunHistory />  full runs archived on the build machine
 *           <HistoryLead />  what the archive and the Node matrix add, in words that fit them
 *           <NodeMatrix />  this machine's Node version matrix (npm run bench:matrix)
 * Prices:   <PricesReadOn />  the date the prices were read, as written in the price file
 * Beyond:   <BeyondCase id="F">…</BeyondCase>  a beyond case's figures, or "not measured here, because …"
 * TLS/net:  <TlsChart />, <TlsNegotiated />, <NetworkModelTable />  (section "With TLS and over a network")
 *           <CrossSuiteNote subject="G1 ÷ B" />  what a ratio across the two suites' runs divides, said plainly
 * Load (F): <LoadThroughputChart />, <LoadLatencyChart />, <LittleLawTable />, <LoadOpenTable />, <LoadPeerTable />  (inside <BeyondCase id="F">)
 *           <RetryStormChart />, <RetryStormTables />  case I (retry storms)
 *           <PriceChanges />  what changed since the previous price snapshot (nothing with one snapshot)
 */
import BeyondCase from './BeyondCase.astro';
import CrossSuiteNote from './CrossSuiteNote.astro';
import RetryStormChart from '../../cases/i-retry-storm/RetryStormChart.astro';
import RetryStormTables from '../../cases/i-retry-storm/RetryStormTables.astro';
import Claim from './Claim.astro';
import Count from './Count.astro';
import Env from './Env.astro';
import Fig from './Fig.astro';
import H2 from './H2.astro';
import H3 from './H3.astro';
import PricesReadOn from './PricesReadOn.astro';
import Ratio from './Ratio.astro';
import RatioWord from './RatioWord.astro';
import ReferenceSetup from './ReferenceSetup.astro';
import Relation from './Relation.astro';
import TableScroll from './TableScroll.astro';
import Word from './Word.astro';
import Form from './Form.astro';
import Quote from './Quote.astro';
import BenchOutput from '../bench/BenchOutput.astro';
import BenchSource from '../bench/BenchSource.astro';
import FailureTable from '../../cases/e-failure/FailureTable.astro';
import LatencyTable from '../bench/LatencyTable.astro';
import ResultsLink from '../bench/ResultsLink.astro';
import SetupLine from '../bench/SetupLine.astro';
import AvailabilityCalculator from '../availability/AvailabilityCalculator.astro';
import AvailabilityTable from '../availability/AvailabilityTable.astro';
import CostGrowthChart from '../charts/CostGrowthChart.astro';
import FailureRunsChart from '../../cases/e-failure/FailureRunsChart.astro';
import LatencyDistributionChart from '../charts/LatencyDistributionChart.astro';
import LatencyPercentilesChart from '../charts/LatencyPercentilesChart.astro';
import CostTables from '../costs/CostTables.astro';
import LittleLawTable from '../../cases/f-load/LittleLawTable.astro';
import LoadOpenTable from '../../cases/f-load/LoadOpenTable.astro';
import LoadPeerTable from '../../cases/f-load/LoadPeerTable.astro';
import LoadLatencyChart from '../../cases/f-load/LoadLatencyChart.astro';
import LoadThroughputChart from '../../cases/f-load/LoadThroughputChart.astro';
import PriceChanges from '../costs/PriceChanges.astro';
import ReferenceComparison from '../provenance/ReferenceComparison.astro';
import NodeMatrix from '../provenance/NodeMatrix.astro';
import RunHistory from '../provenance/RunHistory.astro';
import HistoryLead from '../provenance/HistoryLead.astro';
import NetworkModelTable from '../../cases/h-network/NetworkModelTable.astro';
import TlsChart from '../../cases/g-tls/TlsChart.astro';
import TlsNegotiated from '../../cases/g-tls/TlsNegotiated.astro';

/** Element overrides and article components for MDX. */
export const mdxComponents = {
  h2: H2,
  h3: H3,
  table: TableScroll,
  Fig,
  Ratio,
  Count,
  Quote,
  RatioWord,
  Relation,
  Word,
  Form,
  Claim,
  BeyondCase,
  RetryStormChart,
  RetryStormTables,
  Env,
  ReferenceSetup,
  SetupLine,
  LatencyTable,
  FailureTable,
  BenchOutput,
  BenchSource,
  ResultsLink,
  PricesReadOn,
  CostTables,
  PriceChanges,
  CostGrowthChart,
  AvailabilityTable,
  AvailabilityCalculator,
  LatencyPercentilesChart,
  LatencyDistributionChart,
  FailureRunsChart,
  ReferenceComparison,
  RunHistory,
  HistoryLead,
  TlsChart,
  TlsNegotiated,
  CrossSuiteNote,
  NetworkModelTable,
  LoadThroughputChart,
  LoadLatencyChart,
  LoadOpenTable,
  LoadPeerTable,
  LittleLawTable,
  NodeMatrix,
};
