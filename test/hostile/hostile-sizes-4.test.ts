import '../../src/define.js';
import { describeHostileCases } from '../fixtures/hostile/describe-cases.js';

describeHostileCases(3, 4);
